import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { levelLabels, userLevels, type PublicUser } from "@shared/users.ts";
import { kaderOptionLabels } from "@shared/schemas/kader.ts";
import { suggestedLevel } from "./suggested-level.ts";
import {
  approveKaderInput,
  rejectKaderInput,
  type ApproveKaderInput,
  type RejectKaderInput,
} from "@shared/schemas/users.ts";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { errorProps, Field } from "../field.tsx";
import { RegionSelect } from "../region-select.tsx";
import { useToast } from "../toast.tsx";
import { ConfirmDialog } from "../confirm-dialog.tsx";

type PendingEntry = {
  user: PublicUser & { nik: string | null; createdAt: string };
  kecamatanNama: string | null;
  kelurahanNama: string | null;
  registration: {
    id: number;
    registrationNumber: string;
    status: string;
    dataRegister: Record<string, unknown>;
  } | null;
};

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.users.pendingKader.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.users.list.pathKey() }),
    ]);
}

/** The queue of cadres waiting for approval, with what they registered. */
export function PendingKaderQueue() {
  const pending = useQuery(trpc.users.pendingKader.queryOptions());
  if (pending.isPending) return <p>Memuat antrean kader...</p>;
  if (pending.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{errorMessage(pending.error, { fallback: "Gagal memuat antrean kader" })}</span>
        <button type="button" className="btn btn-sm" onClick={() => pending.refetch()}>
          Coba lagi
        </button>
      </div>
    );
  }
  if (pending.data.length === 0)
    return <p className="rounded-box bg-base-200 p-4">Tidak ada pendaftaran kader yang menunggu verifikasi.</p>;
  return (
    <ul className="flex flex-col gap-4">
      {pending.data.map((entry) => (
        <PendingCard key={entry.user.id} entry={entry} />
      ))}
    </ul>
  );
}

function text(data: Record<string, unknown>, key: string): string {
  const value = data[key];
  return typeof value === "string" ? value : "-";
}

/** The sign-up form's own words for its choice ('PAM/PDAM'), not the stored code ('pam'). */
function waterSourceLabel(code: string): string {
  const labels: Record<string, string> = kaderOptionLabels.sumberAir;
  return Object.hasOwn(labels, code) ? (labels[code] ?? code) : code;
}

function PendingCard({ entry }: { entry: PendingEntry }) {
  const [mode, setMode] = useState<"view" | "approve" | "reject">("view");
  const { user, registration } = entry;
  const data = registration?.dataRegister ?? {};
  const members = data.anggotaKeluarga;
  const memberCount =
    typeof members === "object" && members !== null && "jumlahAnggota" in members ? String(members.jumlahAnggota) : "-";
  return (
    <li className="card border border-base-300">
      <div className="card-body p-4">
        <h3 className="card-title text-lg">{user.fullName}</h3>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-medium">Email: </dt>
            <dd className="inline break-all">{user.email}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Nomor HP: </dt>
            <dd className="inline">{user.phone ?? "-"}</dd>
          </div>
          <div>
            <dt className="inline font-medium">NIK: </dt>
            <dd className="inline font-mono">{user.nik ?? "-"}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Jabatan: </dt>
            <dd className="inline">{user.jabatan ?? "-"}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="inline font-medium">Wilayah yang diajukan: </dt>
            <dd className="inline">
              RT {user.rt ?? "-"} / RW {user.rw ?? "-"}, {entry.kelurahanNama ?? "-"}, Kecamatan{" "}
              {entry.kecamatanNama ?? "-"}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">Nomor pendaftaran: </dt>
            <dd className="inline font-mono">{registration?.registrationNumber ?? "-"}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Anggota keluarga: </dt>
            <dd className="inline">{memberCount}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Sumber air: </dt>
            <dd className="inline">{waterSourceLabel(text(data, "sumberAirKeluarga"))}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Catatan: </dt>
            <dd className="inline">{text(data, "catatanTambahan") || "-"}</dd>
          </div>
        </dl>
        {mode === "view" && (
          <div className="card-actions mt-2">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setMode("approve")}>
              Setujui
            </button>
            <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setMode("reject")}>
              Tolak
            </button>
          </div>
        )}
        {mode === "approve" && <ApproveForm entry={entry} onCancel={() => setMode("view")} />}
        {mode === "reject" && <RejectForm entry={entry} onCancel={() => setMode("view")} />}
      </div>
    </li>
  );
}

function ApproveForm({ entry, onCancel }: { entry: PendingEntry; onCancel: () => void }) {
  const id = useId();
  const { toast } = useToast();
  const refresh = useRefresh();
  const { user } = entry;
  const form = useForm<ApproveKaderInput>({
    resolver: zodResolver(approveKaderInput),
    defaultValues: {
      userId: user.id,
      level: suggestedLevel(user),
      desaKelurahanId: user.desaKelurahanId ?? undefined,
      rw: user.rw ?? "",
      rt: user.rt ?? "",
    },
  });
  const [kecamatanId, setKecamatanId] = useState<number | null>(user.kecamatanId);
  const { errors } = form.formState;
  const approve = useMutation(
    trpc.users.approveKader.mutationOptions({
      onSuccess: async (approved) => {
        toast({ title: "Berhasil", description: `${approved.fullName} disetujui sebagai kader`, variant: "success" });
        await refresh();
      },
      onError: (error) =>
        toast({
          title: "Error",
          description: errorMessage(error, { fallback: "Gagal menyetujui kader" }),
          variant: "destructive",
        }),
    }),
  );
  return (
    <form
      noValidate
      className="mt-2 rounded-box bg-base-200 p-3"
      onSubmit={form.handleSubmit((values) => approve.mutate(values))}
    >
      <h4 className="font-semibold">Konfirmasi tingkat dan wilayah kerja</h4>
      <Field htmlFor={`${id}-level`} label="Tingkat kader" error={errors.level?.message} required>
        <select
          id={`${id}-level`}
          className="select w-full sm:w-60"
          {...errorProps(`${id}-level`, errors.level?.message)}
          {...form.register("level")}
        >
          {userLevels.map((level) => (
            <option key={level} value={level}>
              {levelLabels[level]}
            </option>
          ))}
        </select>
      </Field>
      <Controller
        control={form.control}
        name="desaKelurahanId"
        render={({ field, fieldState }) => (
          <RegionSelect
            value={{ kecamatanId, desaKelurahanId: field.value ?? null }}
            onChange={(value) => {
              setKecamatanId(value.kecamatanId);
              field.onChange(value.desaKelurahanId ?? undefined);
            }}
            desaKelurahanError={fieldState.error?.message}
          />
        )}
      />
      <div className="grid grid-cols-2 gap-2 sm:w-80">
        <Field htmlFor={`${id}-rw`} label="RW" error={errors.rw?.message}>
          <input
            id={`${id}-rw`}
            className="input w-full"
            inputMode="numeric"
            maxLength={3}
            {...errorProps(`${id}-rw`, errors.rw?.message)}
            {...form.register("rw")}
          />
        </Field>
        <Field htmlFor={`${id}-rt`} label="RT" error={errors.rt?.message}>
          <input
            id={`${id}-rt`}
            className="input w-full"
            inputMode="numeric"
            maxLength={3}
            {...errorProps(`${id}-rt`, errors.rt?.message)}
            {...form.register("rt")}
          />
        </Field>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={approve.isPending}>
          {approve.isPending ? "Menyimpan..." : "Setujui kader"}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          Batal
        </button>
      </div>
    </form>
  );
}

function RejectForm({ entry, onCancel }: { entry: PendingEntry; onCancel: () => void }) {
  const id = useId();
  const { toast } = useToast();
  const refresh = useRefresh();
  const form = useForm<RejectKaderInput>({
    resolver: zodResolver(rejectKaderInput),
    defaultValues: { userId: entry.user.id, reason: "" },
  });
  const { errors } = form.formState;
  const [confirming, setConfirming] = useState<RejectKaderInput | null>(null);
  const reject = useMutation(
    trpc.users.rejectKader.mutationOptions({
      onSettled: () => setConfirming(null),
      onSuccess: async () => {
        toast({ title: "Berhasil", description: `Pendaftaran ${entry.user.fullName} ditolak`, variant: "success" });
        await refresh();
      },
      onError: (error) =>
        toast({
          title: "Error",
          description: errorMessage(error, { fallback: "Gagal menolak pendaftaran" }),
          variant: "destructive",
        }),
    }),
  );
  return (
    <>
      {confirming && (
        <ConfirmDialog
          title="Tolak pendaftaran kader?"
          text={`Pendaftaran ${entry.user.fullName} akan ditolak dan ia menerima email berisi alasannya.`}
          confirmLabel="Ya, tolak pendaftaran"
          tone="error"
          pending={reject.isPending}
          onConfirm={() => reject.mutate(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
      <form
        noValidate
        className="mt-2 rounded-box bg-base-200 p-3"
        onSubmit={form.handleSubmit((values) => setConfirming(values))}
      >
        <Field htmlFor={`${id}-reason`} label="Alasan penolakan" error={errors.reason?.message} required>
          <textarea
            id={`${id}-reason`}
            className="textarea w-full"
            rows={2}
            {...errorProps(`${id}-reason`, errors.reason?.message)}
            {...form.register("reason")}
          />
        </Field>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className="btn btn-error btn-sm" disabled={reject.isPending}>
            {reject.isPending ? "Menyimpan..." : "Tolak pendaftaran"}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
            Batal
          </button>
        </div>
      </form>
    </>
  );
}
