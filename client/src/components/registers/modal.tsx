import { useEffect, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from "react";

interface Props {
  titleId: string;
  /** Called when the dialog closes (Esc, backdrop or a button calling `close`). */
  onClose: () => void;
  /**
   * `close` closes through `interceptClose` (as Esc and the backdrop do); `closeNow` skips it, for the
   * answer 'close without saving' of the caller's own question.
   */
  children: (close: () => void, closeNow: () => void) => ReactNode;
  /** A wide box (the Maker Checker dialog) instead of the default width. */
  wide?: boolean;
  /**
   * Asked before Esc, the phone's back gesture, the backdrop or `close` closes the dialog: answering
   * true keeps it open, because the caller has unsaved edits and asks the user first.
   */
  interceptClose?: () => boolean;
}

/** A daisyUI modal on the native <dialog>: focus stays inside, Esc closes, focus returns after. */
export function Modal({ titleId, onClose, children, wide, interceptClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const closeNow = () => ref.current?.close();
  const close = () => {
    if (!interceptClose?.()) closeNow();
  };
  // A dialog opened inside this one (a confirmation) sits in its DOM and React tree: its events reach
  // these handlers too, and must neither close nor hold this dialog.
  const own = (event: SyntheticEvent) =>
    event.target instanceof Element && event.target.closest("dialog") === event.currentTarget;
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event: KeyboardEvent) => {
        // Esc handled here rather than in `cancel`: Chrome makes a second Esc's cancel event
        // uncancellable when no click came between, which would close over unsaved edits.
        if (event.key === "Escape" && own(event) && interceptClose) {
          event.preventDefault();
          close();
        }
      }}
      onCancel={(event) => {
        // Other close requests (Android's back gesture) arrive as `cancel` only.
        if (event.target === event.currentTarget && interceptClose?.()) event.preventDefault();
      }}
    >
      <div className={wide ? "modal-box w-full max-w-5xl sm:w-11/12" : "modal-box"}>{children(close, closeNow)}</div>
      <form
        method="dialog"
        className="modal-backdrop"
        onSubmit={(event) => {
          event.preventDefault();
          close();
        }}
      >
        <button type="submit" tabIndex={-1}>
          Tutup
        </button>
      </form>
    </dialog>
  );
}
