// Which queries go as POST: those carrying a typed search term, so a name or e-mail never sits in a
// GET URL (DESIGN §6). server/src/trpc/query-inputs.test.ts keeps every other query input to codes.
import { describe, expect, test } from "bun:test";
import { SEARCH_TERM_FIELDS } from "@shared/search-terms.ts";
import { carriesSearchTerm } from "./trpc.ts";

describe("carriesSearchTerm", () => {
  test("every search-term field with a term sends the query as POST", () => {
    for (const field of SEARCH_TERM_FIELDS) {
      expect(carriesSearchTerm({ [field]: "Budi Santoso", page: 2 })).toBe(true);
      expect(carriesSearchTerm({ [field]: "   ", page: 2 })).toBe(false);
    }
  });

  test("codes, pages and empty inputs stay GET", () => {
    expect(carriesSearchTerm({ page: 1, rw: "005", registrationNumber: "REG-20261127-ABCD-EFGH" })).toBe(false);
    expect(carriesSearchTerm(undefined)).toBe(false);
    expect(carriesSearchTerm("Budi")).toBe(false);
  });
});
