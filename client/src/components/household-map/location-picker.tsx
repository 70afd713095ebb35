// A small Leaflet map in the Maker Checker (issue 19): the cadre taps where the house is. Loaded
// lazily (its own chunk with Leaflet), tiles from MAP_TILE_URL ('none': the city's kelurahan outlines
// on a plain background, so a tap still has something to aim at).
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { createMap, mapContainerClass } from "../../lib/leaflet-map.ts";
import { useEffect, useRef } from "react";
import type { Point } from "./coordinates.ts";

export interface LocationPickerProps {
  /** The point to show (the stored location or the cadre's pending pick). */
  value: Point | null;
  onPick: (point: Point) => void;
  tiles: { url: string; attribution: string } | null;
  /** The family's kelurahan (official code): the map opens on it when no point is known yet. */
  focusKode: string | null;
}

function kodeOf(feature: GeoJSON.Feature | undefined): string | null {
  const properties = feature?.properties;
  return properties && typeof properties.kode === "string" ? properties.kode : null;
}

/** Six decimals (about 0.1 m): what the server stores. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

export default function LocationPicker({ value, onPick, tiles, focusKode }: LocationPickerProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.CircleMarker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const initial = useRef(value);
  const focus = useRef(focusKode);

  useEffect(() => {
    if (!container.current) return;
    const map = createMap(container.current);
    mapRef.current = map;
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    const start = initial.current;
    // Indonesia until the city's outlines arrive (or for good when they cannot).
    if (start) map.setView([start.latitude, start.longitude], 17);
    else map.setView([-2.5, 118], 5);
    let live = true;
    fetch("/geo/kelurahan.geojson")
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: GeoJSON.FeatureCollection) => {
        if (!live) return;
        const outlines = L.geoJSON(body, {
          interactive: false,
          style: (feature) =>
            kodeOf(feature) === focus.current
              ? { color: "#1d4ed8", weight: 3, fillOpacity: 0.05, fillColor: "#93c5fd" }
              : { color: "#6b7280", weight: 1, fillOpacity: 0.05, fillColor: "#9ca3af" },
        }).addTo(map);
        if (initial.current) return;
        // The family's kelurahan when it has a boundary, else the whole city.
        const ward = body.features.find((feature) => kodeOf(feature) === focus.current);
        const bounds = ward ? L.geoJSON(ward).getBounds() : outlines.getBounds();
        if (bounds.isValid()) map.fitBounds(bounds, { padding: [4, 4] });
      })
      .catch(() => undefined);
    map.on("click", (event: L.LeafletMouseEvent) => {
      pick.current({ latitude: round(event.latlng.lat), longitude: round(event.latlng.lng) });
      // A tap from afar is coarse: come close to it, so a second tap can put the point on the house.
      if (map.getZoom() < 17) map.setView(event.latlng, 17);
    });
    return () => {
      live = false;
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, [tiles]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    markerRef.current?.remove();
    markerRef.current = null;
    if (!value) return;
    markerRef.current = L.circleMarker([value.latitude, value.longitude], {
      radius: 9,
      color: "#1f2937",
      weight: 2,
      fillColor: "#dc2626",
      fillOpacity: 0.9,
      className: "house-pick",
      interactive: false,
    }).addTo(map);
  }, [value]);

  return (
    <div
      ref={container}
      className={`${mapContainerClass} h-64 w-full rounded-box border border-base-300 sm:h-80 ${tiles ? "" : "bg-base-200"}`}
      data-testid="location-picker"
      role="application"
      aria-label="Peta untuk memilih lokasi rumah: ketuk lokasi rumah pada peta"
    />
  );
}
