import { useId } from "react";
import { Modal } from "./registers/modal.tsx";

interface Props {
  title: string;
  text: string;
  confirmLabel: string;
  tone?: "primary" | "error" | "warning";
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that is hard to undo (bulk verification, blocking, rejecting, revoking). */
export function ConfirmDialog({ title, text, confirmLabel, tone = "primary", pending, onConfirm, onClose }: Props) {
  const titleId = useId();
  const toneClass = { primary: "btn-primary", error: "btn-error", warning: "btn-warning" }[tone];
  return (
    <Modal titleId={titleId} onClose={onClose}>
      {(close) => (
        <>
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <p className="mt-2">{text}</p>
          <div className="modal-action flex-wrap">
            <button type="button" className="btn" onClick={close} disabled={pending}>
              Batal
            </button>
            <button type="button" className={`btn ${toneClass}`} onClick={onConfirm} disabled={pending}>
              {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {confirmLabel}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
