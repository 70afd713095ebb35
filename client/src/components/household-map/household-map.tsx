// The cadre's household map (issue 19): its area's located families as points, clustered with
// supercluster (per zoom level, recomputed on every move), coloured by status or a condition. Loaded
// lazily with Leaflet so neither reaches the other pages. Tiles from MAP_TILE_URL ('none': the
// kelurahan outlines on a plain background).
import "leaflet/dist/leaflet.css";
import "./household-map.css";
import L from "leaflet";
import { createMap, mapContainerClass } from "../../lib/leaflet-map.ts";
import { useEffect, useRef } from "react";
import Supercluster from "supercluster";
import { statusLabel } from "@shared/status.ts";
import { colourOf, type ColourBy, type Colourable } from "./colours.ts";

export interface MapHousehold extends Colourable {
  id: number;
  namaKK: string;
  rw: string | null;
  rt: string | null;
  latitude: number;
  longitude: number;
}

export interface HouseholdMapProps {
  points: MapHousehold[];
  colourBy: ColourBy;
  tiles: { url: string; attribution: string } | null;
  onOpen: (registerId: number) => void;
}

interface PointProperties {
  household: MapHousehold;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const placeText = (household: MapHousehold) =>
  household.rt && household.rw ? `RT ${household.rt}/RW ${household.rw}` : "";

export default function HouseholdMap({ points, colourBy, tiles, onOpen }: HouseholdMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const open = useRef(onOpen);
  open.current = onOpen;

  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  /** The view is fitted to the points once; later changes (colouring, a new point) keep the reader's view. */
  const fitted = useRef(false);

  // The map itself: created once (per tile setting), with the kelurahan outlines.
  useEffect(() => {
    if (!container.current) return;
    const map = createMap(container.current);
    mapRef.current = map;
    layerRef.current = L.layerGroup().addTo(map);
    fitted.current = false;
    map.setView([-2.5, 118], 5);
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    let live = true;
    fetch("/geo/kelurahan.geojson")
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: GeoJSON.FeatureCollection) => {
        if (!live) return;
        const outlines = L.geoJSON(body, {
          interactive: false,
          style: { color: "#6b7280", weight: 1, fillOpacity: 0.04, fillColor: "#9ca3af" },
        }).addTo(map);
        outlines.bringToBack();
        if (!fitted.current && outlines.getBounds().isValid()) map.fitBounds(outlines.getBounds());
      })
      .catch(() => undefined);
    return () => {
      live = false;
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, [tiles]);

  // The points: clustered for the current zoom and view, redrawn on every move.
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    const index = new Supercluster<PointProperties>({ radius: 50, maxZoom: 17 });
    index.load(
      points.map((household) => ({
        type: "Feature" as const,
        geometry: { type: "Point" as const, coordinates: [household.longitude, household.latitude] },
        properties: { household },
      })),
    );

    const draw = () => {
      layer.clearLayers();
      const bounds = map.getBounds();
      const box: [number, number, number, number] = [
        bounds.getWest(),
        bounds.getSouth(),
        bounds.getEast(),
        bounds.getNorth(),
      ];
      for (const feature of index.getClusters(box, Math.round(map.getZoom()))) {
        const [longitude, latitude] = feature.geometry.coordinates;
        if (longitude === undefined || latitude === undefined) continue;
        const properties = feature.properties;
        if ("cluster" in properties && properties.cluster) {
          const count = properties.point_count;
          const size = count < 10 ? 34 : count < 100 ? 40 : 48;
          const marker = L.marker([latitude, longitude], {
            title: `${count} rumah; perbesar peta`,
            icon: L.divIcon({
              className: "household-cluster-icon",
              html: `<span class="household-cluster" data-count="${count}" style="width:${size}px;height:${size}px">${count}</span>`,
              iconSize: [size, size],
            }),
          });
          const expand = () => {
            const zoom = Math.min(index.getClusterExpansionZoom(properties.cluster_id), 19);
            map.setView([latitude, longitude], zoom);
          };
          marker.on("click", expand);
          // Keyboard users: Enter on a focused cluster zooms in, as a tap does.
          marker.on("keypress", (event: L.LeafletKeyboardEvent) => {
            if (event.originalEvent.key === "Enter") expand();
          });
          layer.addLayer(marker);
          continue;
        }
        if (!("household" in properties)) continue;
        const household = properties.household;
        const label = `${household.namaKK}, ${placeText(household)}, ${statusLabel(household.status)}`;
        const marker = L.marker([latitude, longitude], {
          title: `Buka data ${label}`,
          icon: L.divIcon({
            className: "household-point-icon",
            html: `<span class="household-point" data-register-id="${household.id}" style="background:${colourOf(household, colourBy)}"></span>`,
            iconSize: [20, 20],
          }),
        });
        marker.bindTooltip(escapeHtml(label));
        marker.on("click", () => open.current(household.id));
        marker.on("keypress", (event: L.LeafletKeyboardEvent) => {
          if (event.originalEvent.key === "Enter") open.current(household.id);
        });
        layer.addLayer(marker);
      }
    };

    if (points.length > 0 && !fitted.current) {
      fitted.current = true;
      const bounds = L.latLngBounds(points.map((household) => [household.latitude, household.longitude]));
      map.fitBounds(bounds.pad(0.1), { maxZoom: 17 });
    }
    map.on("moveend", draw);
    draw();
    return () => {
      map.off("moveend", draw);
      layer.clearLayers();
    };
  }, [points, colourBy]);

  return (
    <div
      ref={container}
      className={`${mapContainerClass} h-[28rem] w-full rounded-box border border-base-300 sm:h-[36rem] ${tiles ? "" : "bg-base-200"}`}
      data-testid="household-map"
    />
  );
}
