// A page whose route still waits for data (the session check, a loader) after a second shows this
// instead of nothing (issue 15: a visible loading state on every page that waits for data).
export function PagePending() {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 p-6">
      <progress className="progress progress-primary w-56" aria-label="Memuat data" />
      <p>Memuat halaman...</p>
    </div>
  );
}
