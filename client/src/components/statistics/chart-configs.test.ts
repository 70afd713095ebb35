// What the charts draw: a hidden figure is no bar and its label says '<5'; count axes step by whole
// families from 0.
import { describe, expect, test } from "bun:test";
import { regionBarConfig, trendLineConfig } from "./chart-configs.ts";

describe("statistics charts", () => {
  test("a hidden region is no bar, labelled '<5'; a zero is a bar of 0", () => {
    const config = regionBarConfig(
      [
        { nama: "Bekasi Timur", value: 12 },
        { nama: "Rawalumbu", value: null },
        { nama: "Medansatria", value: 0 },
      ],
      "count",
      "Jumlah keluarga",
      "#d97706",
    );
    expect(config.data.labels).toEqual(["Bekasi Timur", "Rawalumbu (<5)", "Medansatria"]);
    expect(config.data.datasets[0]?.data).toEqual([12, null, 0]);
    expect(config.options?.scales?.x).toMatchObject({ beginAtZero: true, ticks: { precision: 0 } });
  });

  test("ratios keep their decimals on the axis", () => {
    const config = regionBarConfig([{ nama: "Bekasi Timur", value: 12.5 }], "per100", "Per 100 keluarga", "#000");
    expect(config.options?.scales?.x).toMatchObject({ beginAtZero: true, ticks: {} });
    expect(config.options?.scales?.x?.ticks).not.toHaveProperty("precision");
  });

  test("the trend of families starts at 0 with whole steps, hidden months left as gaps", () => {
    const config = trendLineConfig(
      [
        { month: "Oktober 2026", value: null },
        { month: "November 2026", value: 12 },
      ],
      "Keluarga dengan hamil",
      "#d97706",
    );
    expect(config.data.labels).toEqual(["Oktober 2026", "November 2026"]);
    expect(config.data.datasets[0]?.data).toEqual([null, 12]);
    expect(config.options?.scales?.y).toMatchObject({ beginAtZero: true, ticks: { precision: 0 } });
  });
});
