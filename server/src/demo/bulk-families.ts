// Bulk generation of families for load tests and benchmarks: the same generator as the demo data,
// written in batches (one multi-row insert per table per batch) instead of one transaction per family.
import { asc } from "drizzle-orm";
import { registerStatuses, type RegisterStatus } from "@shared/status.ts";
import { familyColumns, familyMemberRows, storedForm } from "../services/registers/family-rows.ts";
import type { Db } from "../db/client.ts";
import { buildDemoFamily, historyEvents, seededRandom } from "./families.ts";
import { bulkInsert } from "./bulk-insert.ts";
import { desaKelurahan } from "../db/schema/regions.ts";
import { familyMembers, registerEvents, registers } from "../db/schema/registers.ts";

export interface BulkOptions {
  families: number;
  /** First serial: NIKs derive from it, so consecutive runs must not overlap. */
  firstSerial: number;
  batchSize?: number;
  seed?: number;
  onProgress?: (done: number) => void;
}

/** Spreads families over every ward, RW 001-010 and RT 001-010, with mixed statuses. */
export async function generateFamilies(db: Db, options: BulkOptions): Promise<number> {
  const wards = await db.select().from(desaKelurahan).orderBy(asc(desaKelurahan.kode));
  if (wards.length === 0) throw new Error("no regions: seed the regions first");
  const random = seededRandom(options.seed ?? 1);
  const batchSize = options.batchSize ?? 1000;
  const statuses: RegisterStatus[] = [...registerStatuses, "APPROVED", "APPROVED", "SUBMITTED"];
  let done = 0;
  while (done < options.families) {
    const size = Math.min(batchSize, options.families - done);
    const batch = Array.from({ length: size }, (_, index) => {
      const serial = options.firstSerial + done + index;
      const ward = wards[serial % wards.length] ?? wards[0];
      if (!ward) throw new Error("no ward");
      const area = {
        kecamatanId: ward.kecamatanId,
        desaKelurahanId: ward.id,
        kode: ward.kode,
        rw: String(1 + (serial % 10)).padStart(3, "0"),
        rt: String(1 + (Math.floor(serial / 10) % 10)).padStart(3, "0"),
      };
      const status = statuses[Math.floor(random() * statuses.length)] ?? "SUBMITTED";
      return { serial, status, form: buildDemoFamily(random, serial, area) };
    });
    await db.transaction(async (tx) => {
      const ids = await bulkInsert(
        tx,
        registers,
        batch.map(({ serial, status, form }) => ({
          ...familyColumns(form),
          registrationNumber: `DEMO-${String(serial).padStart(9, "0")}`,
          formType: "family_registration" as const,
          status,
          dataRegister: storedForm(form),
          consentAt: new Date(),
          consentVersion: "2026-11",
        })),
      );
      await bulkInsert(
        tx,
        familyMembers,
        batch.flatMap(({ form }, index) => familyMemberRows(ids[index] ?? 0, form)),
      );
      await bulkInsert(
        tx,
        registerEvents,
        batch.flatMap(({ status }, index) => historyEvents(ids[index] ?? 0, status, {})),
      );
    });
    done += size;
    options.onProgress?.(done);
  }
  return done;
}
