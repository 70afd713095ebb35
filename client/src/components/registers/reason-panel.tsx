import { useId, useState } from "react";
import type { ZodType } from "zod";
import { errorProps, Field } from "../field.tsx";

interface Props {
  title: string;
  text: string;
  label: string;
  confirmLabel: string;
  tone: "error" | "warning";
  /** The shared schema of the reason (its Indonesian message is shown when it refuses). */
  schema: ZodType<string>;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** A confirmation that needs a reason (Hapus, Buka Kembali), checked by the same schema as the server. */
export function ReasonPanel({ title, text, label, confirmLabel, tone, schema, pending, onConfirm, onCancel }: Props) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const confirm = () => {
    const parsed = schema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onConfirm(parsed.data);
  };
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      className={`mt-4 rounded-box border p-4 ${tone === "error" ? "border-error" : "border-warning"}`}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {title}
      </h3>
      <p className="text-sm">{text}</p>
      <Field htmlFor={`${id}-reason`} label={label} error={error} required>
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
        <button
          type="button"
          className={`btn ${tone === "error" ? "btn-error" : "btn-warning"}`}
          disabled={pending}
          onClick={confirm}
        >
          {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {confirmLabel}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Batal
        </button>
      </div>
    </div>
  );
}
