import { describe, expect, test } from "bun:test";
import { and, eq, ne } from "drizzle-orm";
import { auditLog, registerRevisions } from "../../db/schema/audit.ts";
import { kecamatan } from "../../db/schema/regions.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister, familyForm } from "../../../test/factories.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import type { SessionUser } from "../accounts/actor.ts";
import {
  createRecord,
  deleteRecord,
  listRecords,
  membersOf,
  openRecord,
  recordRevisions,
  restoreRecord,
  staleRecordMessage,
  updateRecord,
} from "./records.ts";
import { history } from "./workflow.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });
function memberAt(form: FamilyRegistration, index: number) {
  const member = form.members[index];
  if (!member) throw new Error(`no member ${index}`);
  return member;
}

describe("open", () => {
  test("a cadre sees full NIKs and health fields, an official masked NIKs and none; each open is audited", async () => {
    const family = await createFamilyRegister(t.db, {
      change: (form) => ({
        ...form,
        specialConditions: { ...form.specialConditions, pregnant: true, pregnantCount: 1 },
      }),
    });
    const rt = await createCadre(t.db, "rt");
    const aparat = await createCadre(t.db, "kelurahan", {}, { role: "aparat" });

    const full = await openRecord(t.db, as(rt), { registerId: family.id });
    expect(full.sensitive).toBe(true);
    expect(full.canEdit).toBe(true);
    expect(full.data.nikKepalaKeluarga).toBe(family.form.nikKepalaKeluarga);
    expect(full.data.specialConditions?.pregnantCount).toBe(1);

    const masked = await openRecord(t.db, as(aparat), { registerId: family.id });
    expect(masked.sensitive).toBe(false);
    expect(masked.canEdit).toBe(false);
    expect(masked.data.nikKepalaKeluarga).toBe(
      `${family.form.nikKepalaKeluarga.slice(0, 6)}******${family.form.nikKepalaKeluarga.slice(12)}`,
    );
    expect(masked.data.members.every((member) => member.nik.includes("******"))).toBe(true);
    expect(masked.data.specialConditions).toBeNull();

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, "registers"), eq(auditLog.entityId, family.id), eq(auditLog.action, "register.read")),
      );
    expect(rows.map((row) => [row.actorId, row.details])).toEqual([
      [rt.id, { surface: "open", view: "full" }],
      [aparat.id, { surface: "open", view: "masked" }],
    ]);
  });
});

describe("update", () => {
  test("saves every field and the members in one go, stores a revision, bumps the version", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await createCadre(t.db, "rt");
    const members = family.form.members.map((member, index) =>
      index === 1 ? { ...member, fullName: "Siti Baru" } : member,
    );
    const data = {
      ...family.form,
      members: [
        ...members,
        {
          ...memberAt(family.form, 1),
          // The wife's birth date and sex in the NIK (digits 7–12), another serial.
          nik: `${memberAt(family.form, 1).nik.slice(0, 12)}9999`,
          fullName: "Anak Tambahan",
          relationship: "Anak" as const,
          maritalStatus: "Belum Kawin" as const,
        },
      ],
      notes: "Dicek ulang",
    };
    const saved = await updateRecord(t.db, as(rt), { registerId: family.id, version: 1, data });
    expect(saved).toEqual({ registerId: family.id, version: 2 });

    const [row] = await t.db.select().from(registers).where(eq(registers.id, family.id));
    expect(row?.memberCount).toBe(data.members.length);
    expect((await membersOf(t.db, family.id)).map((member) => member.fullName)).toEqual(
      data.members.map((member) => member.fullName),
    );
    const revisions = await recordRevisions(t.db, as(rt), { registerId: family.id });
    expect(revisions).toHaveLength(1);
    expect(revisions[0]?.actorName).toBe(rt.fullName);
    expect(revisions[0]?.changes.map((change) => change.path)).toEqual(
      expect.arrayContaining(["members.1.fullName", `members.${data.members.length - 1}`, "notes"]),
    );
    expect(revisions[0]?.changes.find((change) => change.path === "members.1.fullName")).toEqual({
      path: "members.1.fullName",
      before: family.form.members[1]?.fullName,
      after: "Siti Baru",
    });
  });

  test("two saves from the same version: one succeeds, the other conflicts, nothing of the first is lost", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await createCadre(t.db, "rt");
    const rw = await createCadre(t.db, "rw");
    const first = updateRecord(t.db, as(rt), {
      registerId: family.id,
      version: 1,
      data: { ...family.form, notes: "Catatan RT" },
    });
    const second = updateRecord(t.db, as(rw), {
      registerId: family.id,
      version: 1,
      data: { ...family.form, nomorHp: "081299990000" },
    });
    const results = await Promise.allSettled([first, second]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((result) => result.status === "rejected");
    expect(rejected?.status === "rejected" && rejected.reason.code).toBe("CONFLICT");
    expect(rejected?.status === "rejected" && rejected.reason.message).toBe(staleRecordMessage);

    const fresh = await openRecord(t.db, as(rt), { registerId: family.id });
    expect(fresh.version).toBe(2);
    const winnerWasRt = results[0]?.status === "fulfilled";
    expect(fresh.data.notes).toBe(winnerWasRt ? "Catatan RT" : "");
    expect(fresh.data.nomorHp).toBe(winnerWasRt ? family.form.nomorHp : "081299990000");
    expect(await t.db.select().from(registerRevisions).where(eq(registerRevisions.registerId, family.id))).toHaveLength(
      1,
    );
  });

  test("a NIK of another family is refused beside the member; an address outside the area is refused", async () => {
    const other = await createFamilyRegister(t.db);
    const family = await createFamilyRegister(t.db);
    const rt = await createCadre(t.db, "rt");
    const clash = {
      ...family.form,
      members: family.form.members.map((member, index) =>
        index === 1 ? { ...member, nik: memberAt(other.form, 1).nik } : member,
      ),
    };
    const error = await refusal(updateRecord(t.db, as(rt), { registerId: family.id, version: 1, data: clash }));
    const taken = memberAt(other.form, 1).nik;
    expect([error.code, error.message, error.options.fieldErrors]).toEqual([
      "CONFLICT",
      `NIK ${taken} sudah terdaftar pada keluarga lain`,
      [{ path: ["members", "1", "nik"], message: `NIK ${taken} sudah terdaftar pada keluarga lain` }],
    ]);
    const moved = { ...family.form, address: { ...family.form.address, rt: "009" } };
    expect(
      (await refusal(updateRecord(t.db, as(rt), { registerId: family.id, version: 1, data: moved }))).message,
    ).toBe("Alamat keluarga berada di luar wilayah kerja Anda");
  });
});

describe("create (input manual)", () => {
  test("a cadre's new family is SUBMITTED, created by the cadre, with its first event, inside the cadre's area", async () => {
    const rt = await createCadre(t.db, "rt");
    const data = await familyForm(t.db);
    const saved = await createRecord(t.db, as(rt), { data });
    const [row] = await t.db.select().from(registers).where(eq(registers.id, saved.registerId));
    expect([row?.status, row?.createdBy, row?.rt, row?.namaKepalaKeluarga]).toEqual([
      "SUBMITTED",
      rt.id,
      "001",
      data.namaKepalaKeluarga,
    ]);
    const events = await t.db.select().from(registerEvents).where(eq(registerEvents.registerId, saved.registerId));
    expect(events.map((event) => [event.toStatus, event.actorId, event.level])).toEqual([["SUBMITTED", rt.id, "rt"]]);
    const elsewhere = await familyForm(t.db, { rt: "002" });
    expect((await refusal(createRecord(t.db, as(rt), { data: elsewhere }))).code).toBe("FORBIDDEN");
  });

  test("a ward outside the named kecamatan, or no ward of the city, gets the resident form's answers on the ward", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const data = await familyForm(t.db);
    const [elsewhere] = await t.db
      .select({ id: kecamatan.id })
      .from(kecamatan)
      .where(ne(kecamatan.id, data.address.kecamatanId))
      .limit(1);
    const wrongPair = { ...data, address: { ...data.address, kecamatanId: elsewhere?.id ?? 0 } };
    const noWard = { ...data, address: { ...data.address, desaKelurahanId: 999_999 } };
    for (const [form, message] of [
      [wrongPair, "Kelurahan tidak berada di kecamatan yang dipilih"],
      [noWard, "Pilih kelurahan"],
    ] as const) {
      const error = await refusal(createRecord(t.db, as(admin), { data: form }));
      expect([error.code, error.options.fieldErrors]).toEqual([
        "BAD_REQUEST",
        [{ path: ["address", "desaKelurahanId"], message }],
      ]);
    }
    expect(await t.db.$count(registers, eq(registers.nikKepalaKeluarga, data.nikKepalaKeluarga))).toBe(0);
  });
});

describe("soft delete and restore", () => {
  test("delete needs a reason, hides the record from lists; only an admin restores it; both audited", async () => {
    const family = await createFamilyRegister(t.db, { rt: "003" });
    const rt = await createCadre(t.db, "rt", { rt: "003" });
    const admin = await createUser(t.db, { role: "admin" });
    const noReason = await refusal(deleteRecord(t.db, as(rt), { registerId: family.id, version: 1, reason: " " }));
    expect(noReason.message).toBe("Alasan penghapusan wajib diisi");
    await updateRecord(t.db, as(rt), {
      registerId: family.id,
      version: 1,
      data: { ...family.form, nomorHp: "081299990000" },
    });
    await deleteRecord(t.db, as(rt), { registerId: family.id, version: 2, reason: "Data ganda" });
    const listed = await listRecords(t.db, as(rt), { pageSize: 50 });
    expect(listed.items.some((item) => item.id === family.id)).toBe(false);
    // Nor through its edits or its history: the old and new phone stay out of a cadre's reach.
    for (const read of [openRecord, recordRevisions, history]) {
      const refused = await refusal(read(t.db, as(rt), { registerId: family.id }));
      expect([refused.code, refused.message]).toEqual(["NOT_FOUND", "Data ini sudah dihapus"]);
    }
    const revisions = await recordRevisions(t.db, as(admin), { registerId: family.id });
    expect(revisions[0]?.changes).toContainEqual(expect.objectContaining({ path: "nomorHp", after: "081299990000" }));
    expect((await history(t.db, as(admin), { registerId: family.id })).length).toBeGreaterThan(0);
    expect((await refusal(restoreRecord(t.db, as(rt), { registerId: family.id }))).code).toBe("FORBIDDEN");
    const [row] = await t.db.select().from(registers).where(eq(registers.id, family.id));
    expect([row?.deletedBy, row?.deleteReason]).toEqual([rt.id, "Data ganda"]);

    const deletedList = await listRecords(t.db, as(admin), { deleted: true, pageSize: 50 });
    expect(deletedList.items.find((item) => item.id === family.id)?.deleteReason).toBe("Data ganda");
    await restoreRecord(t.db, as(admin), { registerId: family.id });
    expect((await listRecords(t.db, as(rt), { pageSize: 50 })).items.some((item) => item.id === family.id)).toBe(true);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, family.id));
    expect(actions.map((item) => item.action)).toEqual(expect.arrayContaining(["register.delete", "register.restore"]));
  });
});

describe("a deleted family frees its NIKs (issue 15)", () => {
  test("its head and members register again; the deleted row stays; restoring it then is a 409", async () => {
    const family = await createFamilyRegister(t.db, { rt: "007" });
    const rt = await createCadre(t.db, "rt", { rt: "007" });
    const admin = await createUser(t.db, { role: "admin" });
    await deleteRecord(t.db, as(rt), { registerId: family.id, version: 1, reason: "Salah input" });
    const again = await createRecord(t.db, as(rt), { data: family.form });
    expect(again.registerId).not.toBe(family.id);
    const [deleted] = await t.db.select().from(registers).where(eq(registers.id, family.id));
    expect(deleted?.deletedAt).not.toBeNull();
    expect(await membersOf(t.db, family.id)).toHaveLength(family.form.members.length);
    const clash = await refusal(restoreRecord(t.db, as(admin), { registerId: family.id }));
    expect(clash.code).toBe("CONFLICT");
    expect(clash.message).toContain("tidak dapat dipulihkan");
  });

  test("a cadre finds a family by its Nomor KK; an official, who sees it masked, does not", async () => {
    const rt = await createCadre(t.db, "rt", { rt: "009" });
    const form = await familyForm(t.db, { rt: "009" });
    const saved = await createRecord(t.db, as(rt), { data: { ...form, nomorKk: "3275019876543210" } });
    const found = await listRecords(t.db, as(rt), { search: "3275019876543210", pageSize: 50 });
    expect(found.items.map((item) => item.id)).toEqual([saved.registerId]);
    // The same area's official reads the family in the list, but the number is no key for them.
    const aparat = await createCadre(t.db, "kelurahan", {}, { role: "aparat" });
    expect((await listRecords(t.db, as(aparat), { pageSize: 50 })).items.map((item) => item.id)).toContain(
      saved.registerId,
    );
    const asOfficial = await listRecords(t.db, as(aparat), { search: "3275019876543210", pageSize: 50 });
    expect(asOfficial.items).toEqual([]);
  });

  test("a member NIK of a live family still refuses a second family (409)", async () => {
    const family = await createFamilyRegister(t.db, { rt: "008" });
    const rt = await createCadre(t.db, "rt", { rt: "008" });
    const other = await familyForm(t.db, { rt: "008" });
    const member = memberAt(family.form, 1);
    const withTaken = { ...other, members: [...other.members, { ...member, relationship: "Saudara" as const }] };
    expect((await refusal(createRecord(t.db, as(rt), { data: withTaken }))).code).toBe("CONFLICT");
  });
});

describe("list", () => {
  test("search by head name or ward is case-insensitive, paged by 5, newest first, within the area only", async () => {
    const rt = await createCadre(t.db, "rt", { rt: "004" });
    const ids: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      ids.push(
        (
          await createFamilyRegister(t.db, {
            rt: "004",
            change: (form) => ({ ...form, namaKepalaKeluarga: `Keluarga Zulkarnain ${index}` }),
          })
        ).id,
      );
    }
    await createFamilyRegister(t.db, {
      wardIndex: 1,
      change: (form) => ({ ...form, namaKepalaKeluarga: "Keluarga Zulkarnain Lain" }),
    });
    const first = await listRecords(t.db, as(rt), { search: "zulKARnain" });
    expect([first.total, first.pageCount, first.items.length]).toEqual([6, 2, 5]);
    expect(first.items[0]?.id).toBe(ids[5]);
    const second = await listRecords(t.db, as(rt), { search: "zulkarnain", page: 2 });
    expect(second.items.map((item) => item.id)).toEqual(ids.slice(0, 1));
    expect((await listRecords(t.db, as(rt), { search: "Bekasijaya" })).total).toBe(6);
    expect((await listRecords(t.db, as(rt), { search: "tidak-ada-nama" })).total).toBe(0);
    expect((await listRecords(t.db, as(rt), { search: "100%_" })).total).toBe(0);
  });
});

describe("scope: a cadre of one kelurahan finds no record of another, in every procedure", () => {
  test("open, revisions, update, delete → NOT_FOUND, as for a missing id; an official of that ward → FORBIDDEN", async () => {
    const family = await createFamilyRegister(t.db, { wardIndex: 1 });
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: 0 });
    // Started one at a time: a refusal nobody awaits yet would count as an unhandled rejection.
    const calls = [
      () => openRecord(t.db, as(kelurahan), { registerId: family.id }),
      () => recordRevisions(t.db, as(kelurahan), { registerId: family.id }),
      () => updateRecord(t.db, as(kelurahan), { registerId: family.id, version: 1, data: family.form }),
      () => deleteRecord(t.db, as(kelurahan), { registerId: family.id, version: 1, reason: "x" }),
    ];
    for (const call of calls) expect((await refusal(call())).code).toBe("NOT_FOUND");
    const aparat = await createCadre(t.db, "kelurahan", { wardIndex: 1 }, { role: "aparat" });
    expect(
      (await refusal(updateRecord(t.db, as(aparat), { registerId: family.id, version: 1, data: family.form }))).code,
    ).toBe("FORBIDDEN");
  });
});
