import { describe, expect, test } from "bun:test";
import { memberRowError } from "./member-error.ts";

describe("the message on a refused member's row", () => {
  test("no errors, no message", () => {
    expect(memberRowError(undefined)).toBeUndefined();
  });

  test("the field's own message: a head named otherwise than the family's head says so", () => {
    expect(
      memberRowError({ fullName: { message: "Nama anggota Kepala Keluarga harus sama dengan nama kepala keluarga" } }),
    ).toBe("Nama anggota Kepala Keluarga harus sama dengan nama kepala keluarga");
  });

  test("the first field in the member form's order wins", () => {
    expect(memberRowError({ education: { message: "Pilih pendidikan" }, nik: { message: "NIK harus 16 digit" } })).toBe(
      "NIK harus 16 digit",
    );
  });

  test("an error without a message still marks the row", () => {
    expect(memberRowError({ gender: {} })).toBe("Periksa data anggota ini");
  });
});
