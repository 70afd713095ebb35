import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

export interface ToastInput {
  title: string;
  description?: string;
  /** destructive: errors (red, announced assertively). */
  variant?: "default" | "success" | "destructive";
  durationMs?: number;
}

interface Toast extends ToastInput {
  id: number;
}

interface ToastApi {
  toast: (input: ToastInput) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}

const variantClass = { default: "alert-info", success: "alert-success", destructive: "alert-error" } as const;

/**
 * One notice visible at a time; a new one replaces the one showing (issue 15), so a notice never
 * describes an earlier action seconds after it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const current = queue[0];

  const dismiss = useCallback(() => setQueue((items) => items.slice(1)), []);
  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current;
    nextId.current += 1;
    setQueue([{ ...input, id }]);
  }, []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(dismiss, current.durationMs ?? 5000);
    return () => clearTimeout(timer);
  }, [current, dismiss]);

  const api = useMemo(() => ({ toast }), [toast]);
  const variant = current?.variant ?? "default";
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        className="toast toast-top toast-center z-50 w-full max-w-md px-4"
        aria-live={variant === "destructive" ? "assertive" : "polite"}
      >
        {current && (
          <div
            key={current.id}
            role={variant === "destructive" ? "alert" : "status"}
            className={`alert ${variantClass[variant]} flex items-start shadow-lg`}
          >
            <div className="flex-1">
              <p className="font-semibold">{current.title}</p>
              {current.description && <p className="text-sm">{current.description}</p>}
            </div>
            <button type="button" className="btn btn-ghost btn-xs" onClick={dismiss} aria-label="Tutup notifikasi">
              ✕
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}
