import { describe, expect, test } from "bun:test";
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatTotal,
  pageOfLabel,
} from "./format.ts";

describe("Indonesian formats", () => {
  test("numbers use dots for thousands", () => {
    expect(formatNumber(1234567)).toBe("1.234.567");
    expect(formatNumber(0)).toBe("0");
  });

  test("a capped list total reads '10.000+', an exact one as counted", () => {
    expect(formatTotal(10_000, true)).toBe("10.000+");
    expect(formatTotal(10_000, false)).toBe("10.000");
    expect(formatTotal(1247, false)).toBe("1.247");
    expect(pageOfLabel(3, 2000, true)).toBe("Halaman 3 dari 2.000+");
    expect(pageOfLabel(1, 12, false)).toBe("Halaman 1 dari 12");
  });

  test("percentages keep exactly one decimal with a comma", () => {
    expect(formatPercent(33.3)).toBe("33,3%");
    expect(formatPercent(100)).toBe("100,0%");
    expect(formatPercent(0)).toBe("0,0%");
  });

  test("dates are written out in Indonesian, calendar dates stay on their day", () => {
    expect(formatDate("2026-11-22")).toBe("22 November 2026");
    expect(formatDate("2026-01-01")).toBe("1 Januari 2026");
    // 23:30 UTC is already the next morning in Jakarta.
    expect(formatDateTime("2026-11-21T23:30:00Z")).toBe("22 November 2026 pukul 06.30 WIB");
    // An instant's day is its day in Jakarta: 00:30 WIB on 1 November, the day its REG number names
    // and the month the reports count it in (the status card showed "31 Oktober").
    expect(formatDate("2026-10-31T17:30:00.000Z")).toBe("1 November 2026");
    expect(formatDate("2026-10-31T16:30:00.000Z")).toBe("31 Oktober 2026");
  });

  test("the player's clock", () => {
    expect(formatClock(75.4)).toBe("1:15");
    expect(formatClock(Number.NaN)).toBe("0:00");
  });
});
