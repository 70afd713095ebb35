import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { specialConditionLabels } from "@shared/enums.ts";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { formatDate } from "./labels.ts";
import { StatusBadge } from "./status-badge.tsx";
import { formatNumber } from "./format.ts";
import { formatTotal, pageOfLabel } from "../../lib/format.ts";
import { ReviewBadge } from "./review-badge.tsx";
import { WhatsappLink } from "./whatsapp-link.tsx";
import type { RecordListItem } from "./record-types.ts";

interface Props {
  search: string;
  page: number;
  pageSize?: number;
  /** Admins: the soft-deleted records. */
  deleted?: boolean;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
  /** The row's button(s): Review, Maker Checker, Pulihkan. */
  action: (item: RecordListItem) => ReactNode;
  /** Hides the paging (the dashboard's latest registrations). */
  compact?: boolean;
  label: string;
}

/** The dialog list of SPEC §3 from the server: search (head name or address), 5 per page. */
export function RecordList({ search, page, pageSize, deleted, onSearch, onPage, action, compact, label }: Props) {
  const id = useId();
  const [text, setText] = useState(search);
  const list = useQuery(trpc.registers.list.queryOptions({ search, page, pageSize, deleted }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <section aria-label={label} className="space-y-3">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor={`${id}-search`} className="sr-only">
          Cari nama kepala keluarga atau alamat
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="input w-full"
          placeholder="Cari nama kepala keluarga atau alamat"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          Cari
        </button>
      </form>

      {list.isPending && (
        <p className="flex items-center gap-2 py-4" role="status">
          <span className="loading loading-spinner" aria-hidden="true" /> Memuat data...
        </p>
      )}
      {list.isError && (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{errorMessage(list.error, { fallback: "Failed to search registers" })}</span>
          <button type="button" className="btn btn-sm" onClick={() => list.refetch()}>
            Coba lagi
          </button>
        </div>
      )}
      {list.data && list.data.items.length === 0 && (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-center">Data tidak ditemukan.</p>
      )}
      {list.data && list.data.items.length > 0 && !compact && (
        <p className="text-sm" role="status">
          {formatTotal(list.data.total, list.data.totalCapped)} data
        </p>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className="space-y-2">
          {list.data.items.map((item) => (
            <li key={item.id} className="rounded-box border border-base-300 p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 space-y-1">
                  <p className="font-semibold break-words">{item.namaKK}</p>
                  <p className="text-sm break-words">{item.alamat}</p>
                  <p className="text-sm">
                    {formatNumber(item.anggota)} anggota ·{" "}
                    <time dateTime={item.tanggal}>{formatDate(item.tanggal)}</time> · {item.registrationNumber}
                  </p>
                  <div className="flex flex-wrap gap-1">
                    <ReviewBadge status={item.status} />
                    <StatusBadge status={item.status} />
                    {item.kondisiKhusus?.map((key) => (
                      <span key={key} className="badge badge-outline">
                        {specialConditionLabels[key]}
                      </span>
                    ))}
                  </div>
                  {item.deleteReason && <p className="text-sm">Alasan hapus: {item.deleteReason}</p>}
                </div>
                <div className="flex flex-wrap gap-2">
                  {action(item)}
                  {!item.deletedAt && (
                    <WhatsappLink
                      phone={item.contactPhone}
                      namaKepalaKeluarga={item.namaKK}
                      registrationNumber={item.registrationNumber}
                      status={item.status}
                      note={item.familyNote}
                      named
                    />
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.data && !compact && list.data.total > 0 && (
        <nav aria-label="Halaman daftar registrasi" className="flex items-center justify-between gap-2">
          <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Prev
          </button>
          <span className="text-sm">{pageOfLabel(list.data.page, list.data.pageCount, list.data.totalCapped)}</span>
          <button
            type="button"
            className="btn btn-sm"
            // Past a capped count there are more pages than the count says.
            disabled={page >= list.data.pageCount && !list.data.totalCapped}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
