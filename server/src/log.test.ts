import { expect, test } from "bun:test";
import { createLogger, redact } from "./log.ts";

test("a NIK never reaches the log in full", () => {
  expect(redact("nik 3275010101900001 ok")).toBe("nik 327501******0001 ok");
  const lines: string[] = [];
  createLogger("info", (line) => lines.push(line)).info("search", { nik: "3275010101900001" });
  expect(lines.join("\n")).not.toMatch(/\d{16}/);
});
