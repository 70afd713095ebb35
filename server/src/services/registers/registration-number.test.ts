import { expect, test } from "bun:test";
import { newRegistrationNumber } from "./registration-number.ts";

// One clock (issue 15): the registration number carries the day in WIB, also around midnight.
test.each([
  ["2026-11-22T16:59:59Z", "REG-20261122-"],
  ["2026-11-22T17:00:00Z", "REG-20261123-"],
  ["2026-11-22T23:30:00Z", "REG-20261123-"],
])("at %s the number starts %s", (instant, prefix) => {
  expect(newRegistrationNumber(new Date(instant)).startsWith(prefix)).toBe(true);
});
