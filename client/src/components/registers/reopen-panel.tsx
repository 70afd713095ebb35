import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { reopenRecordInput } from "@shared/schemas/register-records.ts";
import { REOPEN_LABEL } from "@shared/status.ts";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { useToast } from "../toast.tsx";
import { Modal } from "./modal.tsx";
import { ReasonPanel } from "./reason-panel.tsx";

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
          title: "Error",
          description: errorMessage(failure, { fallback: "Failed to update register status" }),
        }),
    }),
  );
  return (
    <ReasonPanel
      title={`${REOPEN_LABEL} data keluarga ${name}?`}
      text="Status kembali menjadi 'Menunggu Persetujuan' sehingga data dapat diubah, lalu diverifikasi ulang oleh RT, RW, dan Kelurahan."
      label="Alasan membuka kembali"
      confirmLabel={`Ya, ${REOPEN_LABEL}`}
      tone="warning"
      schema={reopenRecordInput.shape.reason}
      pending={reopen.isPending}
      onConfirm={(reason) => reopen.mutate({ registerId, version, reason })}
      onCancel={onCancel}
    />
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
