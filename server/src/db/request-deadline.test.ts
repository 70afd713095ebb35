// A request answered 503 by its deadline must not commit behind that answer when the database
// wakes up: its transactions roll back. (The whole path, a frozen PostgreSQL under traffic, is
// checked by scripts/faults.ts.)
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { useTestApp } from "../../test/helpers.ts";
import { trackRequestWork, type RequestWork } from "./request-deadline.ts";
import { kecamatan } from "./schema/regions.ts";
import { DatabaseDeadlineError } from "./unavailable.ts";

describe("transactions of a request given up at its deadline", () => {
  const t = useTestApp({ seed: false });
  const insertKecamatan = (kode: string) =>
    t.db.transaction(async (tx) => {
      await tx.insert(kecamatan).values({ kode, nama: `Kecamatan ${kode}` });
      return kode;
    });
  const stored = async (kode: string) =>
    (await t.db.select({ kode: kecamatan.kode }).from(kecamatan).where(eq(kecamatan.kode, kode))).length;

  test("a transaction that ends after the 503 rolls back and says so", async () => {
    const work: RequestWork = { abandoned: false, committing: 0 };
    const late = trackRequestWork(work, async () => {
      // The deadline answers while the work still waits on the database.
      work.abandoned = true;
      return insertKecamatan("99.01");
    });
    expect(await late.catch((error: unknown) => error)).toBeInstanceOf(DatabaseDeadlineError);
    expect(await stored("99.01")).toBe(0);
    expect(work.committing).toBe(0);
  });

  test("one that ends in time commits, and one outside any request is untouched", async () => {
    const work: RequestWork = { abandoned: false, committing: 0 };
    expect(await trackRequestWork(work, () => insertKecamatan("99.02"))).toBe("99.02");
    expect(await insertKecamatan("99.03")).toBe("99.03");
    expect([await stored("99.02"), await stored("99.03")]).toEqual([1, 1]);
    expect(work.committing).toBe(0);
  });
});
