import { describe, expect, test } from "bun:test";
import { overlayEdits } from "./stale-edits.ts";

describe("a refused stale save: the user's edits over the fresh version", () => {
  const opened = { notes: "lama", nomorHp: "0811", members: [{ fullName: "Budi" }] };

  test("the user's changed fields win, the other user's changes elsewhere stay", () => {
    const fresh = { notes: "dari kader lain", nomorHp: "0822", members: [{ fullName: "Budi" }] };
    const typed = { notes: "lama", nomorHp: "0899", members: [{ fullName: "Budi" }, { fullName: "Ani" }] };
    expect(overlayEdits(fresh, opened, typed)).toEqual({
      notes: "dari kader lain",
      nomorHp: "0899",
      members: [{ fullName: "Budi" }, { fullName: "Ani" }],
    });
  });

  test("nothing changed: the fresh version as it is", () => {
    const fresh = { notes: "baru", nomorHp: "0822", members: [] };
    expect(overlayEdits(fresh, opened, opened)).toEqual(fresh);
  });
});
