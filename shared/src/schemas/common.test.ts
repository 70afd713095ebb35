import { describe, expect, test } from "bun:test";
import { passwordSchema } from "./auth.ts";
import { freeText, hasControlCharacter, personName } from "./common.ts";

describe("text hygiene", () => {
  test("NUL, other C0 and C1 controls, DEL and bidirectional overrides/isolates are control characters", () => {
    for (const char of [
      "\u0000",
      "\u0001",
      "\u001b",
      "\u007f",
      "\u0085",
      "\u009f",
      "\u202a",
      "\u202e",
      "\u2066",
      "\u2069",
    ]) {
      expect(hasControlCharacter(`a${char}b`)).toBe(true);
    }
    expect(hasControlCharacter("Siti Nur'aini-Putri")).toBe(false);
    expect(hasControlCharacter("baris satu\nbaris dua\tx", true)).toBe(false);
    expect(hasControlCharacter("baris satu\nbaris dua")).toBe(true);
  });

  test("a name is trimmed, at least 2 and at most 100 characters, with the Indonesian message", () => {
    const name = personName("Nama lengkap minimal 2 karakter", "Nama lengkap maksimal 100 karakter");
    expect(name.parse("  Ani  ")).toBe("Ani");
    expect(name.safeParse("A".repeat(101)).error?.issues[0]?.message).toBe("Nama lengkap maksimal 100 karakter");
    expect(name.safeParse("An\u0000i").error?.issues[0]?.message).toBe("Tidak boleh berisi karakter kontrol");
    expect(name.safeParse("\u202Eina").error?.issues[0]?.message).toBe("Tidak boleh berisi karakter kontrol");
  });

  test("free text keeps line breaks and refuses the rest", () => {
    const notes = freeText(500, "Catatan maksimal 500 karakter");
    expect(notes.parse("satu\r\ndua")).toBe("satu\r\ndua");
    expect(notes.safeParse("x\u0000").success).toBe(false);
    expect(notes.safeParse("x".repeat(501)).error?.issues[0]?.message).toBe("Catatan maksimal 500 karakter");
  });

  test("the password rule counts letters of any script", () => {
    expect(passwordSchema.safeParse("ЗаборСолнце2024").success).toBe(true);
    expect(passwordSchema.safeParse("كلمةالسرقوية2024").success).toBe(true);
    expect(passwordSchema.safeParse("заборсолнце2024").error?.issues[0]?.message).toBe(
      "Password harus mengandung huruf besar, kecil, dan angka",
    );
    expect(passwordSchema.safeParse("abcdefgh").success).toBe(false);
  });
});
