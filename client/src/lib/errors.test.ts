import { describe, expect, test } from "bun:test";
import { TRPCClientError } from "@trpc/client";
import { errorMessage } from "./errors.ts";

const fallbacks = { fallback: "Failed to fetch kecamatan options", badRequest: "Data yang dimasukkan tidak valid" };

/** The error the tRPC client makes of a server's answer. */
function answered(httpStatus: number, message: string, fieldErrors: unknown[] = []) {
  return TRPCClientError.from({
    error: { message, code: -32603, data: { code: "X", httpStatus, path: "regions.kecamatan", fieldErrors } },
  });
}

describe("the message of a failed call (SPEC §8)", () => {
  test("the server's message first; the field messages of a 400", () => {
    expect(errorMessage(answered(503, "Layanan sedang tidak tersedia"), fallbacks)).toBe(
      "Layanan sedang tidak tersedia",
    );
    const fields = [{ path: ["nik"], message: "NIK sudah terdaftar" }];
    expect(errorMessage(answered(400, "x", fields), fallbacks)).toBe("NIK sudah terdaftar");
  });

  test("a call that never reached the server shows the fallback, not the browser's 'Failed to fetch'", () => {
    expect(errorMessage(TRPCClientError.from(new TypeError("Failed to fetch")), fallbacks)).toBe(
      "Failed to fetch kecamatan options",
    );
    expect(errorMessage(new Error("anything"), fallbacks)).toBe("Failed to fetch kecamatan options");
  });

  test("a 500 never shows its internal message", () => {
    expect(errorMessage(answered(500, "relation does not exist"), fallbacks)).toBe("Failed to fetch kecamatan options");
  });
});
