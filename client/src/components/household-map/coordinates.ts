// House locations in Indonesian notation (decimal comma), shared by the Maker Checker and the map.
const degrees = new Intl.NumberFormat("id-ID", { minimumFractionDigits: 6, maximumFractionDigits: 6 });

export interface Point {
  latitude: number;
  longitude: number;
}

export const formatPoint = (point: Point) => `${degrees.format(point.latitude)}; ${degrees.format(point.longitude)}`;

export function isPoint(value: unknown): value is Point {
  return (
    typeof value === "object" &&
    value !== null &&
    "latitude" in value &&
    "longitude" in value &&
    typeof value.latitude === "number" &&
    typeof value.longitude === "number"
  );
}
