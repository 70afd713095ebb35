// The choropleth of kecamatan or kelurahan (issue 19), loaded lazily with Leaflet so neither reaches
// the other pages. Polygons come from /geo (the shipped boundaries), figures from the statistics API.
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { createMap, mapContainerClass } from "../../lib/leaflet-map.ts";
import { useEffect, useRef, useState } from "react";
import { type Measure, measureLabels, showCount, showMeasure } from "./figures.ts";
import { classColour, classLabels, mapClasses } from "./map-classes.ts";

export interface MapFigure {
  kode: string | null;
  nama: string;
  families: number | null;
  count: number | null;
  per100: number | null;
  share: number | null;
}

export interface RegionMapProps {
  level: "kecamatan" | "kelurahan";
  /** Only the kelurahan of this kecamatan (after a drill-down). */
  kecamatanKode?: string;
  figures: MapFigure[];
  measure: Measure;
  tiles: { url: string; attribution: string } | null;
  /** A click on a region: the page decides whether it goes one level down (a kecamatan; a kelurahan for signed-in readers). */
  onDrill?: (kode: string) => void;
}

interface BoundaryProperties {
  kode: string;
  nama: string;
}

const suppressedColour = "#d1d5db";

const shownValues = (figures: MapFigure[], measure: Measure) =>
  figures.map((figure) => figure[measure]).filter((value): value is number => value !== null);

function isBoundary(value: unknown): value is BoundaryProperties {
  return typeof value === "object" && value !== null && "kode" in value && "nama" in value;
}

export default function RegionMap({ level, kecamatanKode, figures, measure, tiles, onDrill }: RegionMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [geo, setGeo] = useState<GeoJSON.FeatureCollection | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<MapFigure | null>(null);

  useEffect(() => {
    let live = true;
    setGeo(null);
    fetch(`/geo/${level}.geojson`)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: GeoJSON.FeatureCollection) => live && setGeo(body))
      .catch(() => live && setError("Batas wilayah belum tersedia untuk kota ini"));
    return () => {
      live = false;
    };
  }, [level]);

  useEffect(() => {
    if (!container.current || !geo) return;
    const map = createMap(container.current);
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 18 }).addTo(map);
    const byKode = new Map(figures.map((figure) => [figure.kode ?? "", figure]));
    const figureValue = (figure: MapFigure | undefined) => (figure ? figure[measure] : null);
    const classes = mapClasses(shownValues(figures, measure));
    const features = geo.features.filter(
      (feature) =>
        isBoundary(feature.properties) && (!kecamatanKode || feature.properties.kode.startsWith(`${kecamatanKode}.`)),
    );
    const collection: GeoJSON.FeatureCollection = { type: "FeatureCollection", features };
    const layer = L.geoJSON(collection, {
      style: (feature) => {
        const kode = isBoundary(feature?.properties) ? feature.properties.kode : "";
        return {
          color: "#374151",
          weight: 1,
          fillOpacity: 0.75,
          fillColor: classColour(classes, figureValue(byKode.get(kode)), suppressedColour),
          className: "region-shape",
        };
      },
      onEachFeature: (feature, shape) => {
        if (!isBoundary(feature.properties)) return;
        const { kode, nama } = feature.properties;
        const figure = byKode.get(kode) ?? { kode, nama, families: 0, count: 0, per100: null, share: null };
        shape.bindTooltip(
          `${nama}: ${showMeasure(measure, figureValue(figure))} (${showCount(figure.families)} keluarga)`,
          { sticky: true },
        );
        shape.on("click", () => {
          setSelected(figure);
          onDrill?.(kode);
        });
        shape.on("add", () => {
          const element = "getElement" in shape && typeof shape.getElement === "function" ? shape.getElement() : null;
          if (element instanceof Element) {
            element.setAttribute("data-kode", kode);
            element.setAttribute("data-value", figureValue(figure) === null ? "<5" : String(figureValue(figure)));
          }
        });
      },
    }).addTo(map);
    const bounds = layer.getBounds();
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [8, 8] });
    return () => {
      map.remove();
    };
  }, [geo, figures, measure, tiles, kecamatanKode, onDrill]);

  const classes = mapClasses(shownValues(figures, measure));
  const labels = classLabels(classes, (value) => showMeasure(measure, value));
  return (
    <div className="flex flex-col gap-2">
      {error && <p className="alert alert-warning">{error}</p>}
      {!geo && !error && (
        <div className="skeleton h-80 w-full" role="status" aria-label="Memuat peta">
          <span className="sr-only">Memuat peta…</span>
        </div>
      )}
      <div
        ref={container}
        className={`${mapContainerClass} h-80 w-full rounded-box sm:h-[28rem] ${tiles ? "" : "bg-base-200"} ${geo ? "" : "hidden"}`}
        data-testid="region-map"
        data-level={level}
      />
      <ul className="flex flex-wrap items-center gap-3 text-sm" aria-label={`Legenda: ${measureLabels[measure]}`}>
        {classes.colours.map((colour, index) => (
          <li key={colour} className="flex items-center gap-1">
            <span
              className="inline-block h-4 w-4 rounded-sm border"
              style={{ background: colour }}
              aria-hidden="true"
            />
            {labels[index]}
          </li>
        ))}
        <li className="flex items-center gap-1">
          <span
            className="inline-block h-4 w-4 rounded-sm border"
            style={{ background: suppressedColour }}
            aria-hidden="true"
          />
          &lt;5 (disembunyikan)
        </li>
      </ul>
      <div aria-live="polite" data-testid="map-info" className="min-h-6 text-sm">
        {selected && (
          <p>
            <strong>{selected.nama}</strong>: {measureLabels[measure]} {showMeasure(measure, selected[measure])} ·{" "}
            {showCount(selected.families)} keluarga
          </p>
        )}
      </div>
    </div>
  );
}
