// The choropleth's classes: a legend never names the same class twice, and every value falls in a
// class whose label describes it.
import { describe, expect, test } from "bun:test";
import { classColour, classLabels, mapClasses, mapPalette } from "./map-classes.ts";

const show = (value: number) => String(value);
const hidden = "#d1d5db";

describe("choropleth classes", () => {
  test("a spread of values gets five classes cut at its quintiles", () => {
    const values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const classes = mapClasses(values);
    expect(classes.edges).toEqual([2, 4, 6, 8]);
    expect(classes.colours).toEqual([...mapPalette]);
    expect(classLabels(classes, show)).toEqual(["≤ 2", "> 2", "> 4", "> 6", "> 8"]);
    expect(classColour(classes, 0, hidden)).toBe(mapPalette[0]);
    expect(classColour(classes, 5, hidden)).toBe(mapPalette[2]);
    expect(classColour(classes, 10, hidden)).toBe(mapPalette[4]);
  });

  test("mostly zeros (a young city's counts): no repeated class, the non-zero ones darker", () => {
    const values = [0, 0, 0, 0, 0, 0, 0, 0, 6, 12];
    const classes = mapClasses(values);
    const labels = classLabels(classes, show);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toEqual(["≤ 0", "> 0"]);
    expect(classes.colours).toEqual([mapPalette[0], mapPalette[4]]);
    expect(classColour(classes, 0, hidden)).toBe(mapPalette[0]);
    expect(classColour(classes, 12, hidden)).toBe(mapPalette[4]);
  });

  test("mostly the largest value: the smaller ones keep a lighter class", () => {
    const values = [1, 7, 7, 7, 7, 7, 7];
    const classes = mapClasses(values);
    expect(classLabels(classes, show)).toEqual(["≤ 1", "> 1"]);
    expect(classColour(classes, 1, hidden)).not.toBe(classColour(classes, 7, hidden));
  });

  test("all equal: one class named by its value; none shown: no class, hidden ones grey", () => {
    const equal = mapClasses([5, 5, 5]);
    expect(classLabels(equal, show)).toEqual(["5"]);
    expect(classColour(equal, 5, hidden)).toBe(mapPalette[2]);
    expect(mapClasses([0, 0]).colours).toEqual([mapPalette[0]]);
    const none = mapClasses([]);
    expect(none.colours).toEqual([]);
    expect(classLabels(none, show)).toEqual([]);
    expect(classColour(none, null, hidden)).toBe(hidden);
  });
});
