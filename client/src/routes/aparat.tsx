import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { trpc } from "../lib/trpc.ts";

export const Route = createFileRoute("/aparat")({
  component: OfficialsPortal,
});

/** The officials' portal is not built yet (SPEC §1): say so plainly, show no invented content. */
function OfficialsPortal() {
  const config = useQuery(trpc.config.public.queryOptions());
  const contact = config.data?.contact;
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-20">
      <p className="badge badge-warning">Sedang disiapkan</p>
      <h1 className="text-3xl font-bold">Portal Aparat</h1>
      <p className="text-lg">
        Portal untuk aparat pemerintah sedang disiapkan. Laporan data keluarga per wilayah untuk aparat kelurahan,
        kecamatan, dan
        {config.data?.cityName ? ` ${config.data.cityName}` : " kota"} akan tersedia di halaman ini.
      </p>
      {contact && (
        <p>
          Untuk keperluan data saat ini, hubungi {contact.address}
          {contact.email && (
            <>
              {" "}
              melalui{" "}
              <a className="link link-primary break-all" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </>
          )}
          .
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Link to="/" className="btn btn-primary">
          Kembali ke beranda
        </Link>
        <Link to="/kader-pkk" className="btn btn-outline">
          Portal Kader PKK
        </Link>
      </div>
    </section>
  );
}
