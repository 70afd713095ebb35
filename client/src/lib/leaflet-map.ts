import L from "leaflet";

/**
 * A Leaflet map that speaks Indonesian: Leaflet's own zoom titles ('Zoom in') and attribution link
 * title are English, and screen readers read them. Scrolling the page never zooms the map.
 */
export function createMap(element: HTMLElement): L.Map {
  const map = L.map(element, { zoomControl: false, scrollWheelZoom: false });
  L.control.zoom({ zoomInTitle: "Perbesar", zoomOutTitle: "Perkecil" }).addTo(map);
  map.attributionControl.setPrefix('<a href="https://leafletjs.com" title="Pustaka peta Leaflet">Leaflet</a>');
  return map;
}

/**
 * Leaflet's panes and controls carry z-indexes of 400 to 1000; `isolate` keeps them inside the
 * map's own stacking context, under the sticky page header (z-index 40) and its menu.
 */
export const mapContainerClass = "isolate";
