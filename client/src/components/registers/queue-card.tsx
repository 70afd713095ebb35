import { specialConditionLabels } from "@shared/enums.ts";
import { isLocked, lockedHint, REOPEN_LABEL, workflowActionLabels, type WorkflowAction } from "@shared/status.ts";
import { formatDate } from "./labels.ts";
import { StatusBadge } from "./status-badge.tsx";
import { WhatsappLink } from "./whatsapp-link.tsx";
import { WaitingAge } from "./waiting-age.tsx";
import type { QueueItem } from "./queue-types.ts";

const actionButton: Record<WorkflowAction, string> = {
  verify: "btn-primary",
  requestRevision: "btn-accent btn-outline",
  reject: "btn-error btn-outline",
  resubmit: "btn-primary btn-outline",
};

interface Props {
  item: QueueItem;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onAction: (action: WorkflowAction) => void;
  onHistory: () => void;
  /** Opens the record in the Maker Checker (data, history and the moves side by side). */
  onOpen: () => void;
  /** Set when the user may reopen this (locked) record: shared/src/status.ts canReopen. */
  onReopen?: () => void;
}

/** One family in the queue: who, where, conditions, status, and the moves the user may make. */
export function QueueCard({ item, selected, onSelect, onAction, onHistory, onOpen, onReopen }: Props) {
  const selectable = item.actions.includes("verify");
  const headingId = `antrean-${item.id}`;
  const locked = isLocked(item.status);
  return (
    <li className="card border border-base-300 bg-base-100" aria-labelledby={headingId}>
      <div className="card-body gap-3 p-4">
        <div className="flex items-start gap-3">
          {selectable && (
            <input
              type="checkbox"
              className="checkbox checkbox-primary mt-1 border-base-content/70"
              checked={selected}
              onChange={(event) => onSelect(event.target.checked)}
              aria-label={`Pilih ${item.namaKepalaKeluarga}`}
            />
          )}
          <div className="min-w-0 flex-1">
            <h3 id={headingId} className="font-semibold break-words">
              <button type="button" className="link link-hover text-left" onClick={onOpen}>
                {item.namaKepalaKeluarga}
              </button>
            </h3>
            <p className="text-sm break-all">{item.registrationNumber}</p>
          </div>
          <StatusBadge status={item.status} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Alamat</dt>
          <dd className="break-words">
            RT {item.rt ?? "-"} / RW {item.rw ?? "-"}
            {item.desaKelurahanNama ? `, ${item.desaKelurahanNama}` : ""}
          </dd>
          <dt className="font-medium">Anggota</dt>
          <dd>{item.memberCount} orang</dd>
          <dt className="font-medium">Pendataan</dt>
          <dd>{formatDate(item.tanggalPendataan)}</dd>
          {item.targetHours !== null && (
            <>
              <dt className="font-medium">Menunggu</dt>
              <dd>
                <WaitingAge hours={item.waitedHours} targetHours={item.targetHours} overdue={item.overdue} />
              </dd>
            </>
          )}
          <dt className="font-medium">Kondisi</dt>
          <dd>
            {item.conditions === null ? (
              "Tidak ditampilkan"
            ) : item.conditions.length === 0 ? (
              "Tidak ada"
            ) : (
              <ul className="flex flex-wrap gap-1">
                {item.conditions.map((condition) => (
                  <li key={condition.key} className="badge badge-neutral badge-sm">
                    {specialConditionLabels[condition.key]}: {condition.count}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
        {locked && (
          <p id={`${headingId}-lock`} className="text-sm">
            <span className="badge badge-info badge-sm mr-1">Terkunci</span>
            {lockedHint}
          </p>
        )}
        <div className="card-actions flex-wrap justify-end">
          <button type="button" className="btn btn-outline btn-sm" onClick={onOpen}>
            Buka Data
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onHistory}>
            Riwayat
          </button>
          {item.actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn btn-sm ${actionButton[action]}`}
              onClick={() => onAction(action)}
            >
              {workflowActionLabels[action]}
            </button>
          ))}
          <WhatsappLink
            phone={item.contactPhone}
            namaKepalaKeluarga={item.namaKepalaKeluarga}
            registrationNumber={item.registrationNumber}
            status={item.status}
            note={item.familyNote}
            named
          />
          {locked && onReopen && (
            <button
              type="button"
              className="btn btn-sm btn-warning"
              onClick={onReopen}
              aria-describedby={`${headingId}-lock`}
            >
              {REOPEN_LABEL}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
