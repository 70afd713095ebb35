import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { reopenRecordInput } from "@shared/schemas/register-records.ts";
import { REOPEN_LABEL } from "@shared/status.ts";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { errorProps, Field } from "../field.tsx";
import { useToast } from "../toast.tsx";
import { Modal } from "./modal.tsx";

interface Props {
  registerId: number;
  version: number;
  name: string;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * 'Buka Kembali' with its required reason: the verified record goes back to 'Menunggu Persetujuan'
 * and every level verifies it again (shared/src/status.ts says who may).
 */
export function ReopenPanel({ registerId, version, name, onDone, onCancel }: Props) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const reopen = useMutation(
    trpc.registers.reopen.mutationOptions({
      onSuccess: async () => {
        toast({
          variant: "success",
          title: "Berhasil",
          description: "Data dibuka kembali dan menunggu verifikasi ulang dari RT, RW, dan Kelurahan",
        });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.registers.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() }),
        ]);
        onDone();
      },
      onError: (failure) =>
        toast({
          variant: "destructive",
          title: "Gagal membuka kembali data",
          description: errorMessage(failure, { fallback: "Terjadi kesalahan. Silakan coba lagi." }),
        }),
    }),
  );
  const confirm = () => {
    const parsed = reopenRecordInput.shape.reason.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    reopen.mutate({ registerId, version, reason: parsed.data });
  };
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="mt-4 rounded-box border border-warning p-4">
      <h3 id={`${id}-title`} className="font-semibold">
        {REOPEN_LABEL} data keluarga {name}?
      </h3>
      <p className="text-sm">
        Status kembali menjadi 'Menunggu Persetujuan' sehingga data dapat diubah, lalu diverifikasi ulang oleh RT, RW,
        dan Kelurahan.
      </p>
      <Field htmlFor={`${id}-reason`} label="Alasan membuka kembali" error={error} required>
        <textarea
          id={`${id}-reason`}
          rows={2}
          maxLength={500}
          className="textarea w-full"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          {...errorProps(`${id}-reason`, error)}
        />
      </Field>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn btn-warning" disabled={reopen.isPending} onClick={confirm}>
          {reopen.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Ya, {REOPEN_LABEL}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Batal
        </button>
      </div>
    </div>
  );
}

/** The same, as its own dialog (the validation queue). */
export function ReopenDialog(props: Omit<Props, "onDone" | "onCancel"> & { onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal titleId={titleId} onClose={props.onClose}>
      {(close) => (
        <>
          <h2 id={titleId} className="text-lg font-bold">
            {REOPEN_LABEL}
          </h2>
          <ReopenPanel {...props} onDone={close} onCancel={close} />
        </>
      )}
    </Modal>
  );
}
