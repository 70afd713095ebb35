import { describe, expect, test } from "bun:test";
import { familyMessageText, statusPagePath, whatsappLink, whatsappNumber } from "./family-message.ts";
import { formatWib } from "./status-guidance.ts";

describe("what the family is told", () => {
  const input = {
    namaKepalaKeluarga: "Budi Santoso",
    registrationNumber: "REG-20261123-ABCD-EFGH",
    status: "NEEDS_REVISION" as const,
    note: "Tanggal lahir anak belum benar",
    statusLink: `https://pkk.example${statusPagePath("REG-20261123-ABCD-EFGH")}`,
  };

  test("the message names the status, the note, the next step and the status link", () => {
    const text = familyMessageText(input);
    expect(text).toContain("Perlu Revisi");
    expect(text).toContain("Catatan kader: Tanggal lahir anak belum benar");
    expect(text).toContain("Perbaiki Data");
    expect(text).toContain("https://pkk.example/search?nomor=REG-20261123-ABCD-EFGH");
  });

  test.each([
    ["081234567890", "6281234567890"],
    ["+62 812-3456-7890", "6281234567890"],
    ["12", null],
  ])("WhatsApp number of %s is %s", (phone, expected) => {
    expect(whatsappNumber(phone)).toBe(expected);
  });

  test("wa.me link carries the whole message", () => {
    const link = whatsappLink("081234567890", input) ?? "";
    expect(link.startsWith("https://wa.me/6281234567890?text=")).toBe(true);
    expect(decodeURIComponent(link.split("?text=")[1] ?? "")).toBe(familyMessageText(input));
  });
});

describe("one clock: WIB around midnight", () => {
  test.each([
    ["2026-11-22T16:59:00Z", "22 November 2026"],
    ["2026-11-22T17:00:00Z", "23 November 2026"],
  ])("%s reads %s", (instant, day) => {
    expect(formatWib(instant)).toContain(day);
    expect(formatWib(instant)).toEndWith("WIB");
  });
});
