import { useEffect, useRef, type ReactNode } from "react";

interface Props {
  titleId: string;
  /** Called when the dialog closes (Esc, backdrop or a button calling `close`). */
  onClose: () => void;
  children: (close: () => void) => ReactNode;
  /** A wide box (the Maker Checker dialog) instead of the default width. */
  wide?: boolean;
}

/** A daisyUI modal on the native <dialog>: focus stays inside, Esc closes, focus returns after. */
export function Modal({ titleId, onClose, children, wide }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const close = () => ref.current?.close();
  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose}>
      <div className={wide ? "modal-box w-full max-w-5xl sm:w-11/12" : "modal-box"}>{children(close)}</div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          Tutup
        </button>
      </form>
    </dialog>
  );
}
