import { errorMessage } from "../lib/errors.ts";

interface Props {
  error: unknown;
  /** The spec's fallback for this lookup (SPEC §8 "Data operations"), shown when the server said nothing. */
  fallback: string;
  onRetry: () => void;
  /** Placement classes; the default sits under a select. */
  className?: string;
}

/**
 * Data failed to load (a select's options, a page's figures): the server's message, else the fallback
 * (a lost connection never shows the browser's English words), and a 'Coba lagi' that asks again.
 */
export function LookupAlert({ error, fallback, onRetry, className = "mt-2" }: Props) {
  return (
    <div role="alert" className={`alert alert-error alert-soft ${className}`}>
      <span>{errorMessage(error, { fallback })}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Coba lagi
      </button>
    </div>
  );
}
