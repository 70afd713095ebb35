import { expect, test } from "bun:test";
import { diffRecords } from "./revisions.ts";

test("diffRecords lists each changed leaf with its path", () => {
  const before = {
    name: "Budi",
    members: [{ fullName: "Ani" }, { fullName: "Rizky" }],
    flags: { mck: true },
    notes: "",
  };
  const after = { name: "Budi", members: [{ fullName: "Anita" }], flags: { mck: false }, notes: "baru" };
  expect(diffRecords(before, after)).toEqual([
    { path: "flags.mck", before: true, after: false },
    { path: "members.0.fullName", before: "Ani", after: "Anita" },
    { path: "members.1", before: { fullName: "Rizky" }, after: null },
    { path: "notes", before: "", after: "baru" },
  ]);
  expect(diffRecords(before, structuredClone(before))).toEqual([]);
});
