import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { transitionInput } from "@shared/schemas/workflow.ts";
import {
  NOTE_MAX_LENGTH,
  nextStatus,
  requiredNoteMessage,
  statusLabel,
  workflowActionLabels,
  type RegisterStatus,
  type WorkflowAction,
} from "@shared/status.ts";
import { errorMessage } from "../../lib/errors.ts";
import { discardPausedCall, waitingForConnectionText } from "../../lib/paused-mutation.ts";
import { trpc } from "../../lib/trpc.ts";
import { errorProps, Field } from "../field.tsx";
import { useToast } from "../toast.tsx";

type FormInput = z.input<typeof transitionInput>;
type FormOutput = z.output<typeof transitionInput>;

const noteLabel: Record<WorkflowAction, string> = {
  verify: "Catatan (opsional)",
  requestRevision: "Catatan revisi",
  reject: "Alasan penolakan",
  resubmit: "Catatan perbaikan (opsional)",
};

interface Props {
  registerId: number;
  version: number;
  status: RegisterStatus;
  name: string;
  action: WorkflowAction;
  /** Set inside the validation queue: offers 'Simpan & berikutnya'. */
  hasNext: boolean;
  /** After the move: `next` when the cadre chose to continue with the next record of the queue. */
  onDone: (next: boolean) => void;
  onCancel: () => void;
}

/** One validation move from inside the Maker Checker, beside the data it is about. */
export function ActionPanel({ registerId, version, status, name, action, hasNext, onDone, onCancel }: Props) {
  const id = useId();
  const noteId = `${id}-note`;
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const goNext = useRef(false);
  const target = nextStatus(status, action);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(transitionInput),
    defaultValues: { registerId, action, note: "", expectedVersion: version },
  });
  const mutation = useMutation(
    trpc.registers.transition.mutationOptions({
      onSuccess: async (result) => {
        toast({ variant: "success", title: "Berhasil", description: `${name}: ${statusLabel(result.status)}` });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.registers.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() }),
        ]);
        onDone(goNext.current);
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: errorMessage(error, { fallback: "Failed to update register status" }),
        }),
    }),
  );
  const noteError = form.formState.errors.note?.message;
  const submit = (next: boolean) =>
    form.handleSubmit((values) => {
      goNext.current = next;
      mutation.mutate(values);
    });

  return (
    <form
      onSubmit={submit(false)}
      noValidate
      aria-label={workflowActionLabels[action]}
      className="mt-3 rounded-box border border-base-300 p-3"
    >
      <p>
        <strong>{workflowActionLabels[action]}</strong>: {name}
        {target && (
          <>
            {" "}
            akan berstatus <strong>{statusLabel(target)}</strong>.
          </>
        )}
      </p>
      <Field
        htmlFor={noteId}
        label={noteLabel[action]}
        required={requiredNoteMessage[action] !== undefined}
        error={noteError}
        className="mt-2"
      >
        <textarea
          id={noteId}
          className={`textarea w-full ${noteError ? "textarea-error" : ""}`}
          rows={2}
          maxLength={NOTE_MAX_LENGTH}
          {...form.register("note")}
          {...errorProps(noteId, noteError)}
        />
      </Field>
      {mutation.isPaused && (
        <p role="status" className="alert alert-warning alert-soft mt-2">
          {waitingForConnectionText}
        </p>
      )}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className="btn btn-sm"
          // Waiting for the connection, Batal takes the move back; on its way, it cannot be.
          disabled={mutation.isPending && !mutation.isPaused}
          onClick={() => {
            if (discardPausedCall(queryClient, mutation.variables)) {
              mutation.reset();
              toast({
                title: "Tidak dikirim",
                description: `${workflowActionLabels[action]} untuk ${name} dibatalkan.`,
              });
            }
            onCancel();
          }}
        >
          Batal
        </button>
        <button type="submit" className="btn btn-sm btn-primary btn-outline" disabled={mutation.isPending}>
          Simpan
        </button>
        {hasNext && (
          <button type="button" className="btn btn-sm btn-primary" disabled={mutation.isPending} onClick={submit(true)}>
            {mutation.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Simpan &amp; berikutnya
          </button>
        )}
      </div>
    </form>
  );
}
