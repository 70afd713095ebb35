import { describe, expect, test } from "bun:test";
import { suggestedLevel } from "./suggested-level.ts";

describe("the approval form's first level for a sign-up", () => {
  test("the narrowest the applicant's work area names, whatever its position", () => {
    // Every sign-up gives RT and RW: 'Kader PKK' or 'Ketua Pokja I' no longer start at the whole ward.
    expect(suggestedLevel({ rt: "002", rw: "003" })).toBe("rt");
    expect(suggestedLevel({ rt: null, rw: "003" })).toBe("rw");
    expect(suggestedLevel({ rt: null, rw: null })).toBe("kelurahan");
  });
});
