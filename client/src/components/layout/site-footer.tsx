import { Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc.ts";
import { useServerToday } from "../../lib/use-server-today.ts";

/** Shared by both layouts: contacts and city from configuration, portal links, copyright. */
export function SiteFooter() {
  const config = useQuery(trpc.config.public.queryOptions());
  const city = config.data?.cityName ?? "";
  const contact = config.data?.contact;
  // The year in WIB by the server's clock, not by the device's (a phone after a flat battery).
  const year = useServerToday().slice(0, 4);
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <h2 className="text-lg font-bold">Portal Data Keluarga PKK</h2>
          <p className="mt-2 text-sm">
            Sistem ini mempercepat digitalisasi data keluarga untuk program kesejahteraan keluarga {city}.
          </p>
        </div>
        <div>
          <h2 className="font-semibold">Kontak</h2>
          <address className="mt-2 space-y-1 text-sm not-italic">
            <p>Tim Penggerak PKK {city}</p>
            {contact && <p>{contact.address}</p>}
            {contact?.phone && (
              <p>
                Telepon:{" "}
                <a className="link" href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>
                  {contact.phone}
                </a>
              </p>
            )}
            {contact?.email && (
              <p>
                E-mail:{" "}
                <a className="link break-all" href={`mailto:${contact.email}`}>
                  {contact.email}
                </a>
              </p>
            )}
          </address>
        </div>
        <nav aria-label="Tautan portal">
          <h2 className="font-semibold">Portal</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link to="/registrasi" className="link link-hover">
                Registrasi Warga
              </Link>
            </li>
            <li>
              <Link to="/search" className="link link-hover">
                Cari Data
              </Link>
            </li>
            <li>
              <Link to="/kader-pkk" className="link link-hover">
                Portal Kader PKK
              </Link>
            </li>
            <li>
              <Link to="/aparat" className="link link-hover">
                Portal Aparat
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-neutral-content/20 px-4 py-4 text-center text-sm">
        © {year} Pemerintah {city}. Hak cipta dilindungi.
      </p>
    </footer>
  );
}
