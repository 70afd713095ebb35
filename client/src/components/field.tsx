import type { ReactNode } from "react";

interface Props {
  /** id of the control inside; the label and the error point at it. */
  htmlFor: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
  className?: string;
}

/**
 * A labelled form control with its error under it. Give the control
 * `aria-describedby={fieldErrorId(id)}` and `aria-invalid` when `error` is set.
 */
export function Field({ htmlFor, label, error, hint, required, children, className }: Props) {
  return (
    <div className={`fieldset ${className ?? ""}`}>
      <label className="fieldset-legend" htmlFor={htmlFor}>
        {label}
        {required && (
          <span className="text-error" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && <p className="label whitespace-normal text-base-content">{hint}</p>}
      {error && (
        <p id={fieldErrorId(htmlFor)} className="label whitespace-normal text-error">
          {error}
        </p>
      )}
    </div>
  );
}

export const fieldErrorId = (id: string) => `${id}-error`;

/** The aria attributes a control needs to announce its Field's error. */
export function errorProps(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true, "aria-describedby": fieldErrorId(id) } : {};
}
