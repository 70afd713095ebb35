import { asc } from "drizzle-orm";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import type { RegisterStatus } from "@shared/status.ts";
import type { Db } from "../src/db/client.ts";
import { buildDemoFamily, insertFamily, seededRandom } from "../src/demo/families.ts";
import { desaKelurahan } from "../src/db/schema/regions.ts";

// Member serials 9,005,000+: their last four digits (the NIK's serial, see demo/families.ts) never
// meet the seeded demo's (below 5,000) for the first 500 families a test file makes.
let serial = 900_500;
const random = seededRandom(7);

/** The n-th kelurahan of the seeded city by official code (0 = 32.75.01.1001). */
export async function ward(db: Db, index = 0) {
  const rows = await db.select().from(desaKelurahan).orderBy(asc(desaKelurahan.kode));
  const row = rows[index];
  if (!row) throw new Error(`no ward at index ${index}`);
  return row;
}

/** A valid family form in the given ward/RW/RT with fresh unique NIKs; `change` edits it first. */
export async function familyForm(
  db: Db,
  place: { wardIndex?: number; rw?: string; rt?: string } = {},
  change: (form: FamilyRegistration) => FamilyRegistration = (form) => form,
): Promise<FamilyRegistration> {
  const area = await ward(db, place.wardIndex ?? 0);
  const draw = () => {
    serial += 1;
    return buildDemoFamily(random, serial, {
      kecamatanId: area.kecamatanId,
      desaKelurahanId: area.id,
      kode: area.kode,
      rw: place.rw ?? "005",
      rt: place.rt ?? "001",
    });
  };
  // Tests name the head's wife (members[1]): a household of one is drawn again. (Households of one
  // are the generator's own test.)
  let form = draw();
  while (form.members.length < 2) form = draw();
  return change(form);
}

/** Inserts a family directly (bypassing the public form) with the given status. */
export async function createFamilyRegister(
  db: Db,
  options: {
    wardIndex?: number;
    rw?: string;
    rt?: string;
    status?: RegisterStatus;
    change?: (form: FamilyRegistration) => FamilyRegistration;
  } = {},
): Promise<{ id: number; form: FamilyRegistration }> {
  const form = await familyForm(db, options, options.change);
  const id = await insertFamily(db, form, { status: options.status });
  return { id, form };
}

/** The form with another head NIK, on the head field and on the 'Kepala Keluarga' member alike. */
export function withHeadNik(form: FamilyRegistration, nik: string): FamilyRegistration {
  return {
    ...form,
    nikKepalaKeluarga: nik,
    members: form.members.map((member) => (member.relationship === "Kepala Keluarga" ? { ...member, nik } : member)),
  };
}
