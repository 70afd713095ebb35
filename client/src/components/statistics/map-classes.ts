// The colour classes of the choropleth: up to five, cut at the quintiles of the shown values. With
// few families most cells are 0 or hidden, and cutting a handful of equal values at their quintiles
// gave the same edge four times (a legend of '≤ 0', '> 0', '> 0', '> 0', '> 0'); every edge here is
// distinct and below the largest value, so every class in the legend can hold a region.

export const mapPalette = ["#fef3c7", "#fcd34d", "#f59e0b", "#d97706", "#92400e"] as const;

export interface MapClasses {
  /** Ascending and distinct: a value above n of them is in class n. */
  edges: number[];
  /** One colour per class (edges.length + 1), or none when no value is shown. */
  colours: string[];
  /** The largest shown value (0 when none): a single class is named by it. */
  highest: number;
}

export function mapClasses(values: number[]): MapClasses {
  const sorted = [...values].sort((a, b) => a - b);
  const lowest = sorted[0];
  const highest = sorted[sorted.length - 1];
  if (lowest === undefined || highest === undefined) return { edges: [], colours: [], highest: 0 };
  const quintiles = [1, 2, 3, 4].map((step) => sorted[Math.floor((sorted.length - 1) * (step / 5))] ?? lowest);
  let edges = [...new Set(quintiles)].filter((edge) => edge < highest);
  // Most values equal to the largest: the smaller ones still get a lighter class of their own.
  if (edges.length === 0 && lowest < highest) edges = [lowest];
  const count = edges.length + 1;
  const last = mapPalette.length - 1;
  // One class: the lightest colour when it is 0 (no families must not look like many).
  const colours =
    count === 1
      ? [highest === 0 ? mapPalette[0] : (mapPalette[Math.floor(last / 2)] ?? mapPalette[0])]
      : Array.from(
          { length: count },
          (_, index) => mapPalette[Math.round((index * last) / (count - 1))] ?? mapPalette[0],
        );
  return { edges, colours, highest };
}

/** The colour of a shown value (null: hidden, drawn in `hidden`). */
export function classColour(classes: MapClasses, value: number | null, hidden: string): string {
  if (value === null) return hidden;
  return classes.colours[classes.edges.filter((edge) => value > edge).length] ?? hidden;
}

/** The legend's text of each class, in the colours' order (`show` formats a value). */
export function classLabels(classes: MapClasses, show: (value: number) => string): string[] {
  if (classes.colours.length === 1) return [show(classes.highest)];
  return classes.colours.map((_, index) =>
    index === 0 ? `≤ ${show(classes.edges[0] ?? 0)}` : `> ${show(classes.edges[index - 1] ?? 0)}`,
  );
}
