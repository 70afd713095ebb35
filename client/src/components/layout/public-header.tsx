import { Link } from "@tanstack/react-router";
import { useRef, useState, type KeyboardEvent } from "react";

const anchors = [
  { hash: "program", label: "Program" },
  { hash: "fitur", label: "Fitur" },
  { hash: "statistik", label: "Statistik" },
  { hash: "validasi", label: "Validasi" },
] as const;

/** The header for visitors: in-page anchors of the landing page and the three entry buttons. */
export function PublicHeader() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  // Escape closes the menu and gives focus back to its toggle, as keyboard users expect.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    close();
    toggleRef.current?.focus();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape bubbles up from the focusable links and toggle inside.
    <header
      className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur"
      onKeyDown={open ? closeOnEscape : undefined}
    >
      <nav aria-label="Navigasi utama" className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 font-bold text-primary" onClick={close}>
          <span
            aria-hidden="true"
            className="grid h-9 w-9 place-items-center rounded-full bg-primary text-primary-content"
          >
            P
          </span>
          <span className="leading-tight">
            Portal Data
            <br className="sm:hidden" /> Keluarga PKK
          </span>
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">
          {anchors.map((anchor) => (
            <li key={anchor.hash}>
              <Link to="/" hash={anchor.hash} className="btn btn-ghost btn-sm">
                {anchor.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 lg:flex">
          <Link to="/search" className="btn btn-outline btn-primary btn-sm">
            Cari Data
          </Link>
          <Link to="/kader-pkk" className="btn btn-outline btn-sm">
            Portal Kader PKK
          </Link>
          <Link to="/registrasi" className="btn btn-primary btn-sm">
            Registrasi Warga
          </Link>
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-ghost btn-square lg:hidden"
          aria-expanded={open}
          aria-controls="menu-seluler"
          aria-label={open ? "Tutup menu" : "Buka menu"}
          onClick={() => setOpen((value) => !value)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>
      {open && (
        <div id="menu-seluler" className="border-t border-base-300 px-4 pb-4 lg:hidden">
          <ul className="menu w-full">
            {anchors.map((anchor) => (
              <li key={anchor.hash}>
                <Link to="/" hash={anchor.hash} onClick={close}>
                  {anchor.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="grid gap-2">
            <Link to="/search" className="btn btn-outline btn-primary" onClick={close}>
              Cari Data
            </Link>
            <Link to="/kader-pkk" className="btn btn-outline" onClick={close}>
              Portal Kader PKK
            </Link>
            <Link to="/registrasi" className="btn btn-primary" onClick={close}>
              Registrasi Warga
            </Link>
          </div>
        </div>
      )}
    </header>
  );
}
