import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { levelLabels, roleLabels, statusLabels, userRoles, userStatuses, type UserRole } from "@shared/users.ts";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { ConfirmDialog } from "../confirm-dialog.tsx";
import { RegionSelect, type RegionValue } from "../region-select.tsx";
import { useToast } from "../toast.tsx";
import { UserAccessDialog } from "./user-access-dialog.tsx";

type Status = (typeof userStatuses)[number];

const statusBadge: Record<Status, string> = {
  pending: "badge-warning",
  active: "badge-success",
  rejected: "badge-neutral",
  blocked: "badge-error",
};

/** "RT 001/RW 005, Kel. X" from the list row (names come with the list). */
function workAreaText(user: PublicUser & { kecamatanNama: string | null; desaKelurahanNama: string | null }): string {
  if (user.role === "admin") return "Seluruh kota";
  const parts: string[] = [];
  if (user.rt && user.rw) parts.push(`RT ${user.rt}/RW ${user.rw}`);
  else if (user.rw) parts.push(`RW ${user.rw}`);
  if (user.desaKelurahanNama) parts.push(user.desaKelurahanNama);
  if (user.kecamatanNama) parts.push(`Kec. ${user.kecamatanNama}`);
  if (user.level === "kota") return "Seluruh kota";
  return parts.length > 0 ? parts.join(", ") : "-";
}

/** Every account: search, filter by role, status and work area; access, reset mail, block and unblock. */
export function UsersList({ currentUserId }: { currentUserId: number }) {
  const id = useId();
  const [search, setSearch] = useState("");
  const [role, setRole] = useState<UserRole | "">("");
  const [status, setStatus] = useState<Status | "">("");
  const [page, setPage] = useState(1);
  const [area, setArea] = useState<RegionValue>({ kecamatanId: null, desaKelurahanId: null });
  const [editing, setEditing] = useState<PublicUser | null>(null);
  const [blocking, setBlocking] = useState<PublicUser | null>(null);
  const [resetting, setResetting] = useState<PublicUser | null>(null);
  const input = {
    search,
    role: role || undefined,
    status: status || undefined,
    kecamatanId: area.kecamatanId ?? undefined,
    desaKelurahanId: area.desaKelurahanId ?? undefined,
    page,
    pageSize: 20,
  };
  const list = useQuery({ ...trpc.users.list.queryOptions(input), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const onDone = (message: string) => async () => {
    toast({ title: "Berhasil", description: message, variant: "success" });
    await queryClient.invalidateQueries({ queryKey: trpc.users.list.pathKey() });
  };
  const onError = (error: unknown) =>
    toast({
      title: "Error",
      description: errorMessage(error, { fallback: "Gagal memperbarui pengguna" }),
      variant: "destructive",
    });
  const block = useMutation(
    trpc.users.block.mutationOptions({
      onSettled: () => setBlocking(null),
      onSuccess: onDone("Pengguna diblokir dan semua sesinya diakhiri"),
      onError,
    }),
  );
  const sendReset = useMutation(
    trpc.users.sendPasswordReset.mutationOptions({
      onSettled: () => setResetting(null),
      onSuccess: onDone("Tautan reset password dikirim ke email pengguna"),
      onError,
    }),
  );
  const unblock = useMutation(
    trpc.users.unblock.mutationOptions({ onSuccess: onDone("Blokir pengguna dibuka"), onError }),
  );
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-2 sm:grid-cols-3">
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor={`${id}-search`}>
            Cari nama, email, atau username
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="input w-full"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor={`${id}-role`}>
            Peran
          </label>
          <select
            id={`${id}-role`}
            className="select w-full"
            value={role}
            onChange={(event) => {
              setRole(userRoles.find((item) => item === event.target.value) ?? "");
              setPage(1);
            }}
          >
            <option value="">Semua peran</option>
            {userRoles.map((item) => (
              <option key={item} value={item}>
                {roleLabels[item]}
              </option>
            ))}
          </select>
        </div>
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor={`${id}-status`}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className="select w-full"
            value={status}
            onChange={(event) => {
              setStatus(userStatuses.find((item) => item === event.target.value) ?? "");
              setPage(1);
            }}
          >
            <option value="">Semua status</option>
            {userStatuses.map((item) => (
              <option key={item} value={item}>
                {statusLabels[item]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="fieldset">
        <legend className="fieldset-legend">Wilayah kerja</legend>
        <RegionSelect
          value={area}
          onChange={(value) => {
            setArea(value);
            setPage(1);
          }}
        />
      </fieldset>
      {list.isError && (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{errorMessage(list.error, { fallback: "Gagal memuat daftar pengguna" })}</span>
          <button type="button" className="btn btn-sm" onClick={() => list.refetch()}>
            Coba lagi
          </button>
        </div>
      )}
      {list.isPending && <p>Memuat pengguna...</p>}
      {list.data && list.data.items.length === 0 && (
        <p className="rounded-box bg-base-200 p-4">Tidak ada pengguna yang cocok.</p>
      )}
      {list.data && list.data.items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">Daftar pengguna</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Nama</th>
                <th scope="col">Email</th>
                <th scope="col">Peran</th>
                <th scope="col">Wilayah Kerja</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Tindakan</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((user) => (
                <tr key={user.id}>
                  <td>{user.fullName}</td>
                  <td className="break-all">{user.email}</td>
                  <td>
                    {roleLabels[user.role]}
                    {user.level ? ` ${levelLabels[user.level]}` : ""}
                  </td>
                  <td>{workAreaText(user)}</td>
                  <td>
                    <span className={`badge badge-sm ${statusBadge[user.status]}`}>{statusLabels[user.status]}</span>
                  </td>
                  <td className="flex flex-wrap gap-1">
                    {user.status !== "pending" && user.status !== "rejected" && (
                      <button type="button" className="btn btn-outline btn-xs" onClick={() => setEditing(user)}>
                        Ubah Akses<span className="sr-only"> {user.fullName}</span>
                      </button>
                    )}
                    {user.status === "active" && (
                      <button type="button" className="btn btn-outline btn-xs" onClick={() => setResetting(user)}>
                        Kirim Reset Password<span className="sr-only"> {user.fullName}</span>
                      </button>
                    )}
                    {user.status === "blocked" ? (
                      <button
                        type="button"
                        className="btn btn-outline btn-xs"
                        onClick={() => unblock.mutate({ userId: user.id })}
                        disabled={unblock.isPending}
                      >
                        Buka blokir<span className="sr-only"> {user.fullName}</span>
                      </button>
                    ) : user.id !== currentUserId && user.status === "active" ? (
                      <button
                        type="button"
                        className="btn btn-outline btn-error btn-xs"
                        onClick={() => setBlocking(user)}
                      >
                        Blokir<span className="sr-only"> {user.fullName}</span>
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && <UserAccessDialog key={editing.id} user={editing} onClose={() => setEditing(null)} />}
      {blocking && (
        <ConfirmDialog
          title="Blokir pengguna?"
          text={`${blocking.fullName} tidak dapat masuk lagi dan semua sesinya langsung diakhiri. Blokir dapat dibuka kembali.`}
          confirmLabel="Ya, blokir"
          tone="error"
          pending={block.isPending}
          onConfirm={() => block.mutate({ userId: blocking.id })}
          onClose={() => setBlocking(null)}
        />
      )}
      {resetting && (
        <ConfirmDialog
          title="Kirim tautan reset password?"
          text={`Email berisi tautan untuk membuat password baru (berlaku 1 jam) dikirim ke ${resetting.email}.`}
          confirmLabel="Ya, kirim"
          pending={sendReset.isPending}
          onConfirm={() => sendReset.mutate({ userId: resetting.id })}
          onClose={() => setResetting(null)}
        />
      )}
      {list.data && pageCount > 1 && (
        <nav aria-label="Halaman daftar pengguna" className="join">
          <button type="button" className="btn join-item btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Sebelumnya
          </button>
          <span className="btn join-item btn-sm pointer-events-none">
            Halaman {page} dari {pageCount}
          </span>
          <button
            type="button"
            className="btn join-item btn-sm"
            disabled={page >= pageCount}
            onClick={() => setPage(page + 1)}
          >
            Berikutnya
          </button>
        </nav>
      )}
    </div>
  );
}
