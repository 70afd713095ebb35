import { AUDIT_PAGE_SIZE, type AuditEntry } from "@shared/schemas/audit.ts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { errorMessage } from "../../lib/errors.ts";
import { formatDateTime, formatNumber, formatTotal } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";
import { AdminNav } from "../admin/admin-nav.tsx";
import { auditActionLabel, auditActionOptions, describeAuditRecord } from "./action-label.ts";
import { type AuditFilter, auditListQuery } from "./search.ts";

interface Props {
  filter: AuditFilter;
  onSearch: (filter: AuditFilter) => void;
}

/** /admin/audit: who read or changed personal data, newest first (UU 27/2022 PDP accountability). */
export function AuditLogPage({ filter, onSearch }: Props) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">Log Audit</h1>
      <p className="mt-1 text-base-content/80">
        Siapa membaca atau mengubah data pribadi keluarga, kapan, dan dari mana. Waktu dalam WIB.
      </p>
      <AdminNav />
      <AuditFilters key={JSON.stringify(filter)} filter={filter} onSearch={onSearch} />
      {/* A new filter starts again at the newest page. */}
      <AuditList key={`list-${JSON.stringify(filter)}`} filter={filter} />
    </section>
  );
}

function AuditFilters({ filter, onSearch }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<Required<AuditFilter>>({
    user: filter.user ?? "",
    registrationNumber: filter.registrationNumber ?? "",
    action: filter.action ?? "",
    from: filter.from ?? "",
    to: filter.to ?? "",
  });
  const set = (field: keyof AuditFilter) => (event: { target: { value: string } }) =>
    setDraft((previous) => ({ ...previous, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({
      user: draft.user.trim() || undefined,
      registrationNumber: draft.registrationNumber.trim() || undefined,
      action: draft.action || undefined,
      from: draft.from || undefined,
      to: draft.to || undefined,
    });
  };
  const filtered = Object.values(filter).some((value) => value !== undefined);

  return (
    <form onSubmit={submit} aria-label="Saring log audit" className="mt-6 rounded-box bg-base-200 p-4">
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor={`${id}-user`}>
            Pengguna
          </label>
          <input
            id={`${id}-user`}
            type="search"
            className="input w-full"
            placeholder="Nama atau email"
            maxLength={100}
            value={draft.user}
            onChange={set("user")}
          />
        </div>
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor={`${id}-number`}>
            Nomor Registrasi
          </label>
          <input
            id={`${id}-number`}
            type="search"
            className="input w-full"
            placeholder="REG-..."
            maxLength={40}
            value={draft.registrationNumber}
            onChange={set("registrationNumber")}
          />
        </div>
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor={`${id}-action`}>
            Aksi
          </label>
          <select id={`${id}-action`} className="select w-full" value={draft.action} onChange={set("action")}>
            <option value="">Semua aksi</option>
            {auditActionOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor={`${id}-from`}>
            Dari tanggal
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className="input w-full"
            max={draft.to || undefined}
            value={draft.from}
            onChange={set("from")}
          />
        </div>
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor={`${id}-to`}>
            Sampai tanggal
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="input w-full"
            min={draft.from || undefined}
            value={draft.to}
            onChange={set("to")}
          />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm">
          Terapkan
        </button>
        {filtered && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onSearch({})}>
            Atur ulang
          </button>
        )}
      </div>
    </form>
  );
}

function AuditList({ filter }: { filter: AuditFilter }) {
  // Keyset pages: the cursors of the pages already seen, so 'Sebelumnya' can go back.
  const [cursors, setCursors] = useState<Array<number | undefined>>([undefined]);
  const pageIndex = cursors.length - 1;
  const list = useQuery({
    ...trpc.audit.list.queryOptions(auditListQuery(filter, cursors[pageIndex])),
    placeholderData: keepPreviousData,
  });

  if (list.isError)
    return (
      <div role="alert" className="alert alert-error alert-soft mt-4">
        <span>{errorMessage(list.error, { fallback: "Gagal memuat log audit" })}</span>
        <button type="button" className="btn btn-sm" onClick={() => list.refetch()}>
          Coba lagi
        </button>
      </div>
    );
  if (list.isPending)
    return (
      <p className="mt-4" role="status">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Memuat log audit...
      </p>
    );
  const { entries, nextCursor, total, totalIsCapped } = list.data;
  if (entries.length === 0)
    return <p className="mt-4 rounded-box bg-base-200 p-4">Tidak ada catatan audit yang cocok dengan saringan.</p>;

  const first = pageIndex * AUDIT_PAGE_SIZE + 1;
  const last = first + entries.length - 1;
  return (
    <div className="mt-4 flex flex-col gap-3" aria-busy={list.isFetching}>
      <p role="status">
        Menampilkan {formatNumber(first)}–{formatNumber(last)} dari {formatTotal(total, totalIsCapped)} catatan
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a tablet scrolls sideways, and keyboard users must reach it (axe scrollable-region-focusable). */}
      <div className="hidden overflow-x-auto sm:block" role="region" aria-label="Tabel log audit" tabIndex={0}>
        <table className="table table-sm">
          <caption className="sr-only">Catatan log audit, terbaru di atas</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">Waktu (WIB)</th>
              <th scope="col">Pengguna</th>
              <th scope="col">Aksi</th>
              <th scope="col">Data</th>
              <th scope="col">Alamat IP</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</td>
                <td>
                  <Who entry={entry} />
                </td>
                <td>{auditActionLabel(entry.action)}</td>
                <td className="break-all">{describeAuditRecord(entry)}</td>
                <td className="break-all">{entry.ip ?? "-"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Phones get one card per row instead of a five-column table. */}
      <ul className="flex flex-col gap-2 sm:hidden" aria-label="Catatan log audit, terbaru di atas">
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-box border border-base-300 p-3">
            <p className="font-medium">{auditActionLabel(entry.action)}</p>
            <p className="text-sm text-base-content/80">{formatDateTime(entry.createdAt)}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-medium">Pengguna</dt>
              <dd className="min-w-0">
                <Who entry={entry} />
              </dd>
              <dt className="font-medium">Data</dt>
              <dd className="min-w-0 break-all">{describeAuditRecord(entry)}</dd>
              <dt className="font-medium">Alamat IP</dt>
              <dd className="min-w-0 break-all">{entry.ip ?? "-"}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <nav aria-label="Halaman log audit" className="join">
        <button
          type="button"
          className="btn join-item btn-sm"
          disabled={pageIndex === 0}
          onClick={() => setCursors((previous) => previous.slice(0, -1))}
        >
          Sebelumnya
        </button>
        <span className="btn join-item btn-sm pointer-events-none">Halaman {pageIndex + 1}</span>
        <button
          type="button"
          className="btn join-item btn-sm"
          disabled={nextCursor === null || list.isFetching}
          onClick={() => nextCursor !== null && setCursors((previous) => [...previous, nextCursor])}
        >
          Berikutnya
        </button>
      </nav>
    </div>
  );
}

function Who({ entry }: { entry: AuditEntry }) {
  if (entry.actor)
    return (
      <>
        <span className="block font-medium">{entry.actor.fullName}</span>
        <span className="block break-all text-sm text-base-content/80">{entry.actor.email}</span>
      </>
    );
  if (entry.apiToken) return <span>Token API: {entry.apiToken.name}</span>;
  return <span className="text-base-content/80">Tanpa akun</span>;
}
