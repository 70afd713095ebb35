import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc.ts";
import { formatDateTime } from "./labels.ts";
import { fieldLabel } from "./field-labels.ts";
import { formatPoint, isPoint } from "../household-map/coordinates.ts";

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "(kosong)";
  if (typeof value === "boolean") return value ? "Ya" : "Tidak";
  if (isPoint(value)) return formatPoint(value);
  // NIK confirmations: the NIKs a cadre vouched for.
  if (Array.isArray(value)) {
    const niks = value.flatMap((item) => (typeof item === "object" && item && "nik" in item ? [String(item.nik)] : []));
    return niks.length > 0 ? `NIK ${niks.join(", ")}` : "(kosong)";
  }
  if (typeof value === "object") return "(data anggota)";
  return String(value);
};

/** Each edit: who, when, and what changed (field path, before → after). */
export function RevisionList({ registerId }: { registerId: number }) {
  const revisions = useQuery(trpc.registers.revisions.queryOptions({ registerId }));
  if (revisions.isPending)
    return (
      <p className="flex items-center gap-2">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Memuat revisi...
      </p>
    );
  if (revisions.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>Gagal memuat daftar revisi.</span>
        <button type="button" className="btn btn-sm" onClick={() => revisions.refetch()}>
          Coba lagi
        </button>
      </div>
    );
  }
  if (revisions.data.length === 0) return <p>Belum ada perubahan data.</p>;
  return (
    <ol className="space-y-3">
      {revisions.data.map((revision) => (
        <li key={revision.id} className="rounded-box border border-base-300 p-3">
          <p className="text-sm font-medium">
            Versi {revision.version} · {revision.actorName ?? "Pengguna terhapus"} ·{" "}
            <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt)}</time>
          </p>
          <ul className="mt-1 space-y-1 text-sm">
            {revision.changes.length === 0 && <li>Disimpan tanpa perubahan.</li>}
            {revision.changes.map((change) => (
              <li key={change.path} className="break-words">
                <span className="font-medium">{fieldLabel(change.path)}</span>: {show(change.before)} →{" "}
                {show(change.after)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
