import { errorMessage } from "../lib/errors.ts";

interface Props {
  error: unknown;
  /** The spec's fallback for this lookup (SPEC §8 "Data operations"), shown when the server said nothing. */
  fallback: string;
  onRetry: () => void;
}

/** A select's options failed to load: the server's message (else the lookup's fallback) and a retry. */
export function LookupAlert({ error, fallback, onRetry }: Props) {
  return (
    <div role="alert" className="alert alert-error alert-soft mt-2">
      <span>{errorMessage(error, { fallback })}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Coba lagi
      </button>
    </div>
  );
}
