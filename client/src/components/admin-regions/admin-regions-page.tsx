import { useRef, type KeyboardEvent } from "react";
import { AdminNav } from "../admin/admin-nav.tsx";
import { BrowseTab } from "./browse-tab.tsx";
import { DataTab } from "./data-tab.tsx";
import { ManagementTab } from "./management-tab.tsx";
import { adminRegionTabs, type AdminRegionSearch, type AdminRegionTab } from "./search.ts";
import { StatisticsTab } from "./statistics-tab.tsx";

const tabLabels: Record<AdminRegionTab, string> = {
  data: "Semua Data",
  kelola: "Manajemen",
  statistik: "Statistik",
  jelajah: "Jelajah",
};

interface Props {
  search: AdminRegionSearch;
  onSearch: (change: Partial<AdminRegionSearch>) => void;
}

/** /admin/desa-kelurahan: the four tabs of SPEC §2 "Village and ward management". */
export function AdminRegionsPage({ search, onSearch }: Props) {
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const select = (tab: AdminRegionTab) => onSearch({ tab });
  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern expects.
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + adminRegionTabs.length) % adminRegionTabs.length;
    const tab = adminRegionTabs[next];
    if (tab) {
      select(tab);
      tabRefs.current[next]?.focus();
    }
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">Data Desa/Kelurahan</h1>
      <p className="mt-1 text-base-content/80">Kelola data desa dan kelurahan beserta jumlah penduduknya.</p>
      <AdminNav />
      <div role="tablist" aria-label="Bagian halaman" className="tabs tabs-box mt-6 flex-wrap">
        {adminRegionTabs.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${tab}`}
            aria-selected={search.tab === tab}
            aria-controls={`panel-${tab}`}
            tabIndex={search.tab === tab ? 0 : -1}
            className={`tab text-base-content! ${search.tab === tab ? "tab-active" : ""}`}
            onClick={() => select(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tabLabels[tab]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${search.tab}`} aria-labelledby={`tab-${search.tab}`} className="mt-6">
        {search.tab === "data" && <DataTab search={search} onSearch={onSearch} />}
        {search.tab === "kelola" && (
          <ManagementTab onShowDistrict={(kecamatan) => onSearch({ tab: "data", kecamatan, page: 1 })} />
        )}
        {search.tab === "statistik" && <StatisticsTab />}
        {search.tab === "jelajah" && <BrowseTab />}
      </div>
    </section>
  );
}
