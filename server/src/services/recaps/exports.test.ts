// XLSX read back with exceljs has the form's headers and numbers as numbers; the PDF's electronic
// signature validates with poppler's pdfsig (an independent checker) and a tampered copy does not;
// each export is audited and a PDF is registered for its public verification page.
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { todayIso } from "@shared/dates.ts";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import { useTempDirs } from "../../../test/temp-dirs.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { dasawisma } from "../../db/schema/recaps.ts";
import { documentInfo, exportRecap, perHouseholdRefusal, viewRecap } from "./documents.ts";
import { signRecap } from "./signoffs.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });
const period = todayIso().slice(0, 7);
const dataDir = useTempDirs("pkk-recap-")();
const options = { origin: "http://localhost:3000", cityName: "Kota Bekasi", signing: { DATA_DIR: dataDir } };
const thisMonth = (form: FamilyRegistration): FamilyRegistration => ({ ...form, tanggalPendataan: `${period}-01` });

function pdfsig(file: string): string {
  const result = spawnSync("pdfsig", [file], { encoding: "utf8" });
  return `${result.stdout}${result.stderr}`;
}

describe("recap exports", () => {
  test("XLSX has the official headers, merged as on paper, numbers as numbers; audited", async () => {
    const area = await ward(t.db, 5);
    const rt = await createCadre(t.db, "rt", { wardIndex: 5 });
    for (let n = 0; n < 3; n += 1)
      await createFamilyRegister(t.db, { wardIndex: 5, status: "APPROVED", change: thisMonth });
    const file = await exportRecap(
      t.db,
      as(rt),
      { form: "4.16", period, place: { desaKelurahanId: area.id, rw: "005", rt: "001" }, format: "xlsx" },
      options,
    );
    const workbook = new ExcelJS.Workbook();
    const bytes = Buffer.from(file.base64, "base64");
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no worksheet");
    const texts: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.value))));
    for (const header of [
      "LAMPIRAN 4.16b",
      "REKAPITULASI CATATAN DATA DAN KEGIATAN WARGA KELOMPOK PKK RT",
      "NAMA DASAWISMA",
      "JML KRT",
      "JML KK",
      "JUMLAH ANGGOTA KELUARGA",
      "KRITERIA RUMAH",
      "SUMBER AIR KELUARGA",
      "MAKANAN POKOK",
      "WARGA MENGIKUTI KEGIATAN",
      "BALITA",
      "PUS",
      "WUS",
      "IBU HAMIL",
      "3 BUTA",
      "JUMLAH",
    ]) {
      expect(texts).toContain(header);
    }
    expect(texts.some((text) => text.startsWith(`Diunduh oleh ${rt.fullName} pada`) && text.endsWith("WIB"))).toBe(
      true,
    );
    // The group header spans its columns; the L/P row sits under TOTAL.
    const groupCell = texts.indexOf("JUMLAH ANGGOTA KELUARGA");
    expect(groupCell).toBeGreaterThan(-1);
    expect(Object.keys(sheet.model.merges ?? {}).length + (sheet.model.merges?.length ?? 0)).toBeGreaterThan(10);
    let numbers = 0;
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === "number") numbers += 1;
      }),
    );
    expect(numbers).toBeGreaterThan(30);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "recap"), eq(auditLog.action, "recap.export"), eq(auditLog.actorId, rt.id)));
    expect(audits).toHaveLength(1);
  });

  test("a signed recap's PDF validates with pdfsig; a tampered copy does not; the document is registered", async () => {
    const area = await ward(t.db, 6);
    const rt = await createCadre(t.db, "rt", { wardIndex: 6 });
    for (let n = 0; n < 4; n += 1)
      await createFamilyRegister(t.db, { wardIndex: 6, status: "APPROVED", change: thisMonth });
    await signRecap(t.db, as(rt), { period });
    const file = await exportRecap(
      t.db,
      as(rt),
      { form: "4.16", period, place: { desaKelurahanId: area.id, rw: "005", rt: "001" }, format: "pdf" },
      options,
    );
    expect(file.mimeType).toBe("application/pdf");
    const bytes = Buffer.from(file.base64, "base64");
    const path = join(dataDir, "rekap.pdf");
    writeFileSync(path, bytes);
    const report = pdfsig(path);
    expect(report).toContain("Signature is Valid");
    expect(report).toContain("ETSI.CAdES.detached");
    // The header's long words break between syllables with a hyphen, never inside one.
    const printed = spawnSync("pdftotext", ["-raw", path, "-"], { encoding: "utf8" }).stdout;
    const header = printed.replace(/-\n/g, "").replace(/\s+/g, " ");
    for (const label of ["BERKEBUTUHAN KHUSUS", "IBU MENYUSUI", "PEMANFAATAN TANAH PEKARANGAN"])
      expect(header).toContain(label);

    // Change one character of the content the signature covers.
    const text = bytes.toString("latin1");
    const at = text.indexOf("/Producer");
    const tampered = Buffer.from(bytes);
    tampered[at + 2] = tampered[at + 2] === 0x72 ? 0x52 : 0x72;
    const tamperedPath = join(dataDir, "rekap-diubah.pdf");
    writeFileSync(tamperedPath, tampered);
    expect(pdfsig(tamperedPath)).not.toContain("Signature is Valid");

    if (!file.documentId) throw new Error("no document id");
    const info = await documentInfo(t.db, { id: file.documentId });
    expect(info.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(info.signerName).toBe(rt.fullName);
    expect(info.code).toBe("LAMPIRAN 4.16b");
    expect(info.areaLabel).toContain("RT 001");
    expect(info.selfSigned).toBe(true);
    expect((await refusal(documentInfo(t.db, { id: "tidak-ada-1234" }))).code).toBe("NOT_FOUND");

    // Then RW and kelurahan sign in turn; the kelurahan's 4.18d PDF carries its own signature.
    const rw = await createCadre(t.db, "rw", { wardIndex: 6 });
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: 6 });
    await signRecap(t.db, as(rw), { period });
    await signRecap(t.db, as(kelurahan), { period });
    const d = await exportRecap(
      t.db,
      as(kelurahan),
      { form: "4.18", period, place: { desaKelurahanId: area.id }, format: "pdf" },
      options,
    );
    const dPath = join(dataDir, "rekap-4-18d.pdf");
    writeFileSync(dPath, Buffer.from(d.base64, "base64"));
    expect(pdfsig(dPath)).toContain("Signature is Valid");
    const dInfo = await documentInfo(t.db, { id: d.documentId ?? "" });
    expect(dInfo).toMatchObject({ code: "LAMPIRAN 4.18d", level: "kelurahan", signerName: kelurahan.fullName });
  });

  test("exports outside the reader's area are refused", async () => {
    const area = await ward(t.db, 7);
    const rt = await createCadre(t.db, "rt", { wardIndex: 8 });
    const denied = await refusal(
      exportRecap(t.db, as(rt), { form: "4.18", period, place: { desaKelurahanId: area.id }, format: "xlsx" }, options),
    );
    expect(denied.code).toBe("FORBIDDEN");

    // Officials read the aggregates, never the per-household sheets (health data per family).
    const aparat = await createCadre(t.db, "kelurahan", { wardIndex: 7 }, { role: "aparat" });
    const [group] = await t.db
      .insert(dasawisma)
      .values({ desaKelurahanId: area.id, rw: "005", rt: "001", name: "Kenanga", leaderName: "Ibu Tuti" })
      .returning();
    const rtPlace = { desaKelurahanId: area.id, rw: "005", rt: "001" };
    const aggregate = await viewRecap(t.db, as(aparat), { form: "4.18", period, place: rtPlace });
    expect(aggregate.sheet.code).toBe("LAMPIRAN 4.18b");
    const perHousehold = await refusal(
      viewRecap(t.db, as(aparat), { form: "4.18", period, place: { ...rtPlace, dasawismaId: group?.id ?? 0 } }),
    );
    expect(perHousehold.message).toBe(perHouseholdRefusal);
    const cadre = await createCadre(t.db, "kelurahan", { wardIndex: 7 });
    const allowed = await viewRecap(t.db, as(cadre), {
      form: "4.18",
      period,
      place: { ...rtPlace, dasawismaId: group?.id ?? 0 },
    });
    expect(allowed.sheet.code).toBe("LAMPIRAN 4.18a");
    // Its households' pregnancies, births and deaths read on screen are audited; an aggregate is not.
    await viewRecap(t.db, as(cadre), { form: "4.18", period, place: rtPlace });
    const reads = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "recap"), eq(auditLog.action, "register.read"), eq(auditLog.actorId, cadre.id)));
    expect(reads.map((row) => row.details)).toEqual([
      {
        surface: "recap-sheet",
        form: "4.18",
        period,
        place: { ...rtPlace, dasawismaId: group?.id ?? 0 },
        signoffId: null,
      },
    ]);
  });

  test("file names say which area and month a sheet is for (ward, RW, RT, dasawisma), with no personal data", async () => {
    const admin = await createUser(t.db, { role: "admin", fullName: "Admin Kota" });
    const slug = (name: string) =>
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "");
    const names: string[] = [];
    for (const index of [7, 8]) {
      const area = await ward(t.db, index);
      const family = await createFamilyRegister(t.db, { wardIndex: index, status: "APPROVED", change: thisMonth });
      const [group] = await t.db
        .insert(dasawisma)
        .values({ desaKelurahanId: area.id, rw: "005", rt: "001", name: "Mawar", leaderName: "Ibu Ketua" })
        .returning({ id: dasawisma.id });
      if (!group) throw new Error("no dasawisma");
      const ward_ = `${area.jenis === "desa" ? "desa" : "kelurahan"}-${slug(area.nama)}`;
      const cases = [
        [{ desaKelurahanId: area.id }, "4.16", `lampiran-4_16d-${period}-${ward_}`],
        [{ desaKelurahanId: area.id, rw: "005" }, "4.18", `lampiran-4_18c-${period}-rw-005-${ward_}`],
        [{ desaKelurahanId: area.id, rw: "005", rt: "001" }, "4.16", `lampiran-4_16b-${period}-rt-001-rw-005-${ward_}`],
        [
          { desaKelurahanId: area.id, dasawismaId: group.id },
          "4.16",
          `lampiran-4_16a-${period}-dasawisma-${group.id}-rt-001-rw-005-${ward_}`,
        ],
      ] as const;
      for (const [place, form, base] of cases) {
        for (const format of ["xlsx", "pdf"] as const) {
          const file = await exportRecap(t.db, as(admin), { form, period, place, format }, options);
          expect(file.filename).toBe(`${base}.${format}`);
          names.push(file.filename);
          for (const personal of [family.form.namaKepalaKeluarga, "Admin Kota", "Ibu Ketua", "Mawar"])
            expect(file.filename.toLowerCase()).not.toContain(slug(personal));
        }
      }
    }
    // Two wards' sheets never share a name.
    expect(new Set(names).size).toBe(names.length);
  });
});
