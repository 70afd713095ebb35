import { Link } from "@tanstack/react-router";
import type { PublicUser } from "@shared/users.ts";

const sheetOfLevel: Record<string, string> = { rt: "b", rw: "c", kelurahan: "d" };

/** The monthly report's links to the PKK recap forms of the user's level and area. */
export function RecapLinks({ user, month }: { user: PublicUser; month: string }) {
  const sheet = user.level ? sheetOfLevel[user.level] : undefined;
  return (
    <section aria-labelledby="recap-links" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <h2 id="recap-links" className="card-title text-base">
          Rekap PKK (formulir Rakernas)
        </h2>
        <p className="text-sm">
          {sheet
            ? `Lampiran 4.16${sheet} dan 4.18${sheet} wilayah Anda, dengan tanda tangan elektronik per tingkat.`
            : "Lampiran 4.16 dan 4.18 per kelurahan, RW, RT dan dasawisma."}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to="/kader-pkk/rekap" search={{ bulan: month, form: "4.16" }} className="btn btn-outline btn-sm">
            Lampiran 4.16{sheet ?? ""} · Data &amp; kegiatan warga
          </Link>
          <Link to="/kader-pkk/rekap" search={{ bulan: month, form: "4.18" }} className="btn btn-outline btn-sm">
            Lampiran 4.18{sheet ?? ""} · Ibu, kelahiran &amp; kematian
          </Link>
          {user.level === "rt" && user.role === "kader" && (
            <Link to="/kader-pkk/dasawisma" className="btn btn-outline btn-sm">
              Kelola Dasawisma
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
