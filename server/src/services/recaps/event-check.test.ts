// The RW verification refuses a record whose births/deaths counts have no matching event details.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { bulkVerify, transition } from "../registers/workflow.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });

// One birth and no deaths reported, with no event details at all.
const birthWithoutDetails = (form: FamilyRegistration): FamilyRegistration => ({
  ...form,
  specialConditions: {
    ...form.specialConditions,
    newBirth: true,
    newBirthCount: 1,
    motherDeath: false,
    motherDeathCount: 0,
    babyDeath: false,
    babyDeathCount: 0,
    toddlerDeath: false,
    toddlerDeathCount: 0,
  },
  events: { births: [], deaths: [] },
});

describe("event details before RW verification", () => {
  test("refused without details, with the reason; accepted once the details match", async () => {
    const rw = await createCadre(t.db, "rw", { wardIndex: 10 });
    const family = await createFamilyRegister(t.db, {
      wardIndex: 10,
      status: "RT_VERIFIED",
      change: birthWithoutDetails,
    });
    const refused = await refusal(transition(t.db, as(rw), { registerId: family.id, action: "verify" }));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.message).toContain("Kelahiran baru: tercatat 1, rincian 0");
    const other = await createFamilyRegister(t.db, {
      wardIndex: 10,
      status: "RT_VERIFIED",
      change: birthWithoutDetails,
    });
    const bulk = await bulkVerify(t.db, as(rw), { registerIds: [other.id] });
    expect(bulk.verified).toHaveLength(0);
    expect(bulk.skipped[0]?.message).toContain("Rincian kelahiran/kematian belum lengkap");

    const data = {
      ...family.form,
      specialConditions: { ...family.form.specialConditions, newBirth: true, newBirthCount: 1 },
      events: {
        births: [
          {
            motherName: "Siti Aminah",
            babyName: "Rizky",
            sex: "Laki-laki",
            birthDate: "2026-01-05",
            hasBirthCertificate: true,
          },
        ],
        deaths: [],
      },
    };
    await t.db.update(registers).set({ dataRegister: data }).where(eq(registers.id, family.id));
    const moved = await transition(t.db, as(rw), { registerId: family.id, action: "verify" });
    expect(moved.status).toBe("RW_VERIFIED");
  });
});
