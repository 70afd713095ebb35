import type { ReactNode } from "react";

/** The narrow centred card the sign-in, forgot and reset pages share. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <h1 className="card-title text-2xl">{title}</h1>
          {subtitle && <p>{subtitle}</p>}
          {children}
        </div>
      </div>
    </section>
  );
}
