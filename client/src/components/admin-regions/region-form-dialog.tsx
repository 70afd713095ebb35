import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import {
  desaKelurahanFormSchema,
  jenisLabel,
  jenisWilayah,
  type DesaKelurahanForm,
  type DesaKelurahanFormInput,
  type DesaKelurahanRow,
} from "@shared/schemas/regions.ts";
import { errorProps, Field } from "../field.tsx";
import { trpc } from "../../lib/trpc.ts";
import { serverMessagesByField, staleEditMessage } from "./apply-server-errors.ts";
import { Modal } from "./modal.tsx";
import { useRefreshRegions, useRegionToasts } from "./use-region-mutations.ts";

interface Props {
  /** null: closed; "new": create; a row: edit it. */
  target: DesaKelurahanRow | "new" | null;
  /** The district preselected for a new entry (the table's district filter). */
  defaultKecamatanId?: number;
  onClose: () => void;
}

const fieldNames = ["nama", "kode", "jenis", "kodePos", "luasWilayah", "jumlahPenduduk", "kecamatanId"] as const;

function initialValues(target: DesaKelurahanRow | "new" | null, defaultKecamatanId?: number): DesaKelurahanFormInput {
  if (target === null || target === "new") {
    return {
      nama: "",
      kode: "",
      jenis: "kelurahan",
      kodePos: "",
      luasWilayah: "",
      jumlahPenduduk: "",
      kecamatanId: defaultKecamatanId ? String(defaultKecamatanId) : "",
    };
  }
  return {
    nama: target.nama,
    kode: target.kode,
    jenis: target.jenis,
    kodePos: target.kodePos ?? "",
    luasWilayah: target.luasWilayah === null ? "" : String(target.luasWilayah),
    jumlahPenduduk: target.jumlahPenduduk === null ? "" : String(target.jumlahPenduduk),
    kecamatanId: String(target.kecamatanId),
  };
}

/** 'Tambah Desa/Kelurahan Baru' and 'Edit Desa/Kelurahan' with every field of the village form. */
export function RegionFormDialog({ target, defaultKecamatanId, onClose }: Props) {
  const id = useId();
  const editing = target !== null && target !== "new" ? target : null;
  const kecamatan = useQuery(trpc.regions.kecamatan.queryOptions());
  const refresh = useRefreshRegions();
  const toasts = useRegionToasts();
  const form = useForm<DesaKelurahanFormInput, unknown, DesaKelurahanForm>({
    resolver: zodResolver(desaKelurahanFormSchema),
    defaultValues: initialValues(target, defaultKecamatanId),
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;

  // Someone else saved the row after this form was opened: said in the form until it is reopened.
  const [stale, setStale] = useState<string | null>(null);
  useEffect(() => {
    if (target !== null) reset(initialValues(target, defaultKecamatanId));
    setStale(null);
  }, [target, defaultKecamatanId, reset]);

  // The dialog stays open on failure so nothing the admin typed is lost.
  const showServerErrors = (error: unknown, fallback: string) => {
    const staleMessage = staleEditMessage(error);
    setStale(staleMessage);
    // The table behind the dialog shows the newer row, for reopening.
    if (staleMessage) void refresh();
    const messages = serverMessagesByField(error);
    for (const name of fieldNames) {
      const message = messages[name];
      if (message) setError(name, { type: "server", message });
    }
    toasts.failure(error, fallback);
  };
  const done = async (description: "Data berhasil dibuat" | "Data berhasil diupdate") => {
    toasts.success(description);
    onClose();
    await refresh();
  };
  const create = useMutation(
    trpc.regions.createDesaKelurahan.mutationOptions({
      onSuccess: () => done("Data berhasil dibuat"),
      onError: (error) => showServerErrors(error, "Failed to create desa-kelurahan"),
    }),
  );
  const update = useMutation(
    trpc.regions.updateDesaKelurahan.mutationOptions({
      onSuccess: () => done("Data berhasil diupdate"),
      onError: (error) => showServerErrors(error, "Failed to update desa-kelurahan"),
    }),
  );
  const pending = create.isPending || update.isPending;

  const onSubmit = handleSubmit((values) => {
    if (editing) update.mutate({ id: editing.id, version: editing.version, data: values });
    else create.mutate(values);
  });

  const message = (name: (typeof fieldNames)[number]) => errors[name]?.message;
  const fid = (name: string) => `${id}-${name}`;

  return (
    <Modal
      open={target !== null}
      title={editing ? "Edit Desa/Kelurahan" : "Tambah Desa/Kelurahan Baru"}
      onClose={onClose}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-2 sm:grid-cols-2">
        {stale && (
          <div role="alert" className="alert alert-warning sm:col-span-2">
            <span>{stale}</span>
          </div>
        )}
        <Field htmlFor={fid("nama")} label="Nama" required error={message("nama")}>
          <input
            id={fid("nama")}
            className="input w-full"
            autoComplete="off"
            {...register("nama")}
            {...errorProps(fid("nama"), message("nama"))}
          />
        </Field>
        <Field
          htmlFor={fid("kode")}
          label="Kode"
          required
          error={message("kode")}
          hint="Kode resmi Kemendagri, contoh 32.75.01.1001"
        >
          <input
            id={fid("kode")}
            className="input w-full"
            autoComplete="off"
            inputMode="decimal"
            {...register("kode")}
            {...errorProps(fid("kode"), message("kode"))}
          />
        </Field>
        <Field htmlFor={fid("jenis")} label="Jenis" required error={message("jenis")}>
          <select
            id={fid("jenis")}
            className="select w-full"
            {...register("jenis")}
            {...errorProps(fid("jenis"), message("jenis"))}
          >
            {jenisWilayah.map((jenis) => (
              <option key={jenis} value={jenis}>
                {jenisLabel[jenis]}
              </option>
            ))}
          </select>
        </Field>
        <Field htmlFor={fid("kecamatanId")} label="Kecamatan" required error={message("kecamatanId")}>
          <select
            id={fid("kecamatanId")}
            className="select w-full"
            disabled={kecamatan.isPending}
            {...register("kecamatanId")}
            {...errorProps(fid("kecamatanId"), message("kecamatanId"))}
          >
            <option value="">{kecamatan.isPending ? "Memuat kecamatan..." : "Pilih kecamatan"}</option>
            {kecamatan.data?.map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.nama}
              </option>
            ))}
          </select>
        </Field>
        <Field htmlFor={fid("kodePos")} label="Kode Pos" error={message("kodePos")}>
          <input
            id={fid("kodePos")}
            className="input w-full"
            inputMode="numeric"
            maxLength={5}
            autoComplete="off"
            {...register("kodePos")}
            {...errorProps(fid("kodePos"), message("kodePos"))}
          />
        </Field>
        <Field htmlFor={fid("luasWilayah")} label="Luas Wilayah (km²)" error={message("luasWilayah")}>
          <input
            id={fid("luasWilayah")}
            type="number"
            step="0.01"
            min="0"
            className="input w-full"
            {...register("luasWilayah")}
            {...errorProps(fid("luasWilayah"), message("luasWilayah"))}
          />
        </Field>
        <Field htmlFor={fid("jumlahPenduduk")} label="Jumlah Penduduk" error={message("jumlahPenduduk")}>
          <input
            id={fid("jumlahPenduduk")}
            type="number"
            step="1"
            min="0"
            className="input w-full"
            {...register("jumlahPenduduk")}
            {...errorProps(fid("jumlahPenduduk"), message("jumlahPenduduk"))}
          />
        </Field>
        <div className="modal-action sm:col-span-2">
          <button type="button" className="btn" onClick={onClose} disabled={pending}>
            Batal
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? "Menyimpan..." : "Simpan"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
