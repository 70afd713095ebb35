import { describe, expect, test } from "bun:test";
import { TRPCClientError } from "@trpc/client";
import { onUnavailable, reportUnavailable } from "./unavailable.ts";

const message = "Layanan sedang tidak tersedia, silakan coba lagi sebentar";

/** The error the tRPC client makes of the server's 503 answer. */
function clientError(httpStatus: number, text = message) {
  return TRPCClientError.from({
    error: { message: text, code: -32603, data: { code: "SERVICE_UNAVAILABLE", httpStatus, path: "stats.public" } },
  });
}

describe("the outage notice", () => {
  test("a 503 shows the server's message once, not once per failing call", () => {
    const shown: string[] = [];
    const stop = onUnavailable((text) => shown.push(text));
    const now = 1_000_000_000;
    reportUnavailable(clientError(503), now);
    reportUnavailable(clientError(503), now + 100);
    reportUnavailable(clientError(503), now + 200);
    expect(shown).toEqual([message]);
    // Still down a while later: shown again.
    reportUnavailable(clientError(503), now + 20_000);
    expect(shown).toEqual([message, message]);
    stop();
  });

  test("other failures (400, 500, network) are left to the form that made the call", () => {
    const shown: string[] = [];
    const stop = onUnavailable((text) => shown.push(text));
    reportUnavailable(clientError(400, "NIK tidak valid"), 2_000_000_000);
    reportUnavailable(clientError(500, "Terjadi kesalahan pada server"), 2_000_100_000);
    reportUnavailable(new Error("Failed to fetch"), 2_000_200_000);
    expect(shown).toEqual([]);
    stop();
  });
});
