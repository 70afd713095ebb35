import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isTRPCClientError } from "@trpc/client";
import { useId, useState } from "react";
import { familyReadsNoteHint, familyReadsNoteStatuses } from "@shared/status-guidance.ts";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { transitionInput } from "@shared/schemas/workflow.ts";
import {
  NOTE_MAX_LENGTH,
  nextStatus,
  requiredNoteMessage,
  statusLabel,
  type RegisterStatus,
  type WorkflowAction,
} from "@shared/status.ts";
import { errorMessage } from "../../lib/errors.ts";
import { discardPausedCall, waitingForConnectionText } from "../../lib/paused-mutation.ts";
import { trpc } from "../../lib/trpc.ts";
import { errorProps, Field } from "../field.tsx";
import { useToast } from "../toast.tsx";
import { WhatsappLink } from "./whatsapp-link.tsx";
import { Modal } from "./modal.tsx";
import type { QueueItem } from "./queue-types.ts";

const copy: Record<WorkflowAction, { title: string; confirm: string; note: string; button: string }> = {
  verify: {
    title: "Verifikasi Data Keluarga",
    confirm: "Verifikasi",
    note: "Catatan (opsional)",
    button: "btn-primary",
  },
  requestRevision: {
    title: "Minta Revisi",
    confirm: "Kirim Permintaan Revisi",
    note: "Catatan revisi",
    button: "btn-accent",
  },
  reject: { title: "Tolak Data Keluarga", confirm: "Tolak Data", note: "Alasan penolakan", button: "btn-error" },
  resubmit: {
    title: "Ajukan Ulang",
    confirm: "Ajukan Ulang",
    note: "Catatan perbaikan (opsional)",
    button: "btn-primary",
  },
};

type FormInput = z.input<typeof transitionInput>;
type FormOutput = z.output<typeof transitionInput>;

interface Props {
  item: QueueItem;
  action: WorkflowAction;
  onClose: () => void;
}

/** Confirms one move; the note is required for a revision request and a rejection (shared schema). */
export function ActionDialog({ item, action, onClose }: Props) {
  const id = useId();
  const titleId = `${id}-title`;
  const noteId = `${id}-note`;
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const text = copy[action];
  const target = nextStatus(item.status, action);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(transitionInput),
    defaultValues: { registerId: item.id, action, note: "", expectedVersion: item.version },
  });
  const mutation = useMutation(trpc.registers.transition.mutationOptions());
  const noteError = form.formState.errors.note?.message;
  // After the move: the family can be told at once ('Kabari lewat WhatsApp').
  const [done, setDone] = useState<{ status: RegisterStatus; note: string } | null>(null);
  const familyReads = target !== null && familyReadsNoteStatuses.includes(target);
  // On its way: closing would hide the answer. Waiting for the connection: closing takes it back.
  const sending = mutation.isPending && !mutation.isPaused;

  return (
    <Modal
      titleId={titleId}
      interceptClose={() => sending}
      onClose={() => {
        if (discardPausedCall(queryClient, mutation.variables)) {
          toast({
            title: "Tidak dikirim",
            description: `${text.title} untuk ${item.namaKepalaKeluarga} dibatalkan dan tidak dikirim.`,
          });
        }
        onClose();
      }}
    >
      {(close) => {
        const submit = form.handleSubmit((values) =>
          mutation.mutate(values, {
            onSuccess: async (result) => {
              toast({
                variant: "success",
                title: "Berhasil",
                description: `${item.namaKepalaKeluarga}: ${statusLabel(result.status)}`,
              });
              await queryClient.invalidateQueries({ queryKey: trpc.registers.pathKey() });
              // Sent back or refused: the family must act, so the cadre can tell it right away.
              if (item.contactPhone && familyReads) setDone({ status: result.status, note: values.note ?? "" });
              else close();
            },
            onError: async (error) => {
              toast({
                variant: "destructive",
                title: "Error",
                description: errorMessage(error, { fallback: "Failed to update register status" }),
              });
              // A record changed or out of reach will not get better by retrying: show the fresh queue.
              const status = isTRPCClientError(error) ? error.data?.httpStatus : undefined;
              if (status === 409 || status === 403 || status === 404) {
                await queryClient.invalidateQueries({ queryKey: trpc.registers.pathKey() });
                close();
              }
            },
          }),
        );
        if (done) {
          return (
            <div>
              <h2 id={titleId} className="text-lg font-bold">
                Status tersimpan
              </h2>
              <p className="mt-2">
                <strong>{item.namaKepalaKeluarga}</strong> sekarang berstatus{" "}
                <strong>{statusLabel(done.status)}</strong>.
              </p>
              <div className="modal-action flex-wrap">
                <WhatsappLink
                  phone={item.contactPhone}
                  namaKepalaKeluarga={item.namaKepalaKeluarga}
                  registrationNumber={item.registrationNumber}
                  status={done.status}
                  note={done.note}
                  className="btn btn-success"
                />
                <button type="button" className="btn" onClick={close}>
                  Selesai
                </button>
              </div>
            </div>
          );
        }
        return (
          <form onSubmit={submit} noValidate>
            <h2 id={titleId} className="text-lg font-bold">
              {text.title}
            </h2>
            <p className="mt-2">
              <strong>{item.namaKepalaKeluarga}</strong> ({item.registrationNumber})
              {target && (
                <>
                  {" "}
                  akan berstatus <strong>{statusLabel(target)}</strong>.
                </>
              )}
            </p>
            <Field
              htmlFor={noteId}
              label={text.note}
              required={requiredNoteMessage[action] !== undefined}
              error={noteError}
              className="mt-3"
            >
              <textarea
                id={noteId}
                className={`textarea w-full ${noteError ? "textarea-error" : ""}`}
                rows={3}
                maxLength={NOTE_MAX_LENGTH}
                {...form.register("note")}
                {...errorProps(noteId, noteError)}
              />
            </Field>
            {familyReads && <p className="text-sm">{familyReadsNoteHint}</p>}
            {mutation.isPaused && (
              <p role="status" className="alert alert-warning alert-soft mt-3">
                {waitingForConnectionText}
              </p>
            )}
            <div className="modal-action flex-wrap">
              <button type="button" className="btn" onClick={close} disabled={sending}>
                Batal
              </button>
              <button type="submit" className={`btn ${text.button}`} disabled={mutation.isPending}>
                {mutation.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {mutation.isPaused ? "Menunggu koneksi..." : mutation.isPending ? "Memproses..." : text.confirm}
              </button>
            </div>
          </form>
        );
      }}
    </Modal>
  );
}
