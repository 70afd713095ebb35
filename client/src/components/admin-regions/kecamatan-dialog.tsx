import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { kecamatanFormSchema, type KecamatanForm, type KecamatanSummary } from "@shared/schemas/regions.ts";
import { errorProps, Field } from "../field.tsx";
import { trpc } from "../../lib/trpc.ts";
import { serverMessagesByField, staleEditMessage } from "./apply-server-errors.ts";
import { Modal } from "./modal.tsx";
import { useRefreshRegions, useRegionToasts } from "./use-region-mutations.ts";

interface Props {
  target: KecamatanSummary | "new" | null;
  onClose: () => void;
}

/** Create or edit a district (nama and official code). */
export function KecamatanDialog({ target, onClose }: Props) {
  const id = useId();
  const editing = target !== null && target !== "new" ? target : null;
  const refresh = useRefreshRegions();
  const toasts = useRegionToasts();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<KecamatanForm>({
    resolver: zodResolver(kecamatanFormSchema),
    defaultValues: { nama: "", kode: "" },
  });
  // Someone else saved the district after this form was opened: said in the form until it is reopened.
  const [stale, setStale] = useState<string | null>(null);
  useEffect(() => {
    if (target !== null) reset(editing ? { nama: editing.nama, kode: editing.kode } : { nama: "", kode: "" });
    setStale(null);
  }, [target, editing, reset]);

  const failed = (error: unknown, fallback: string) => {
    const staleMessage = staleEditMessage(error);
    setStale(staleMessage);
    // The table behind the dialog shows the newer row, for reopening.
    if (staleMessage) void refresh();
    const messages = serverMessagesByField(error);
    for (const name of ["nama", "kode"] as const) {
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
    trpc.regions.createKecamatan.mutationOptions({
      onSuccess: () => done("Data berhasil dibuat"),
      onError: (error) => failed(error, "Failed to create kecamatan"),
    }),
  );
  const update = useMutation(
    trpc.regions.updateKecamatan.mutationOptions({
      onSuccess: () => done("Data berhasil diupdate"),
      onError: (error) => failed(error, "Failed to update kecamatan"),
    }),
  );
  const pending = create.isPending || update.isPending;
  const onSubmit = handleSubmit((values) =>
    editing ? update.mutate({ id: editing.id, version: editing.version, data: values }) : create.mutate(values),
  );

  return (
    <Modal open={target !== null} title={editing ? "Edit Kecamatan" : "Tambah Kecamatan Baru"} onClose={onClose}>
      <form noValidate onSubmit={onSubmit} className="grid gap-2 sm:grid-cols-2">
        {stale && (
          <div role="alert" className="alert alert-warning sm:col-span-2">
            <span>{stale}</span>
          </div>
        )}
        <Field htmlFor={`${id}-nama`} label="Nama Kecamatan" required error={errors.nama?.message}>
          <input
            id={`${id}-nama`}
            className="input w-full"
            autoComplete="off"
            {...register("nama")}
            {...errorProps(`${id}-nama`, errors.nama?.message)}
          />
        </Field>
        <Field
          htmlFor={`${id}-kode`}
          label="Kode"
          required
          error={errors.kode?.message}
          hint="Kode resmi Kemendagri, contoh 32.75.01"
        >
          <input
            id={`${id}-kode`}
            className="input w-full"
            autoComplete="off"
            inputMode="decimal"
            {...register("kode")}
            {...errorProps(`${id}-kode`, errors.kode?.message)}
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
