import { describe, expect, test } from "bun:test";
import { eq, lt, sql } from "drizzle-orm";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { captchaNonces } from "../../db/schema/support.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { TEST_ORIGIN, callerFor, solveCaptcha, useTestApp } from "../../../test/helpers.ts";
import { issueCaptcha } from "../public/captcha.ts";

describe("registration status search", () => {
  const t = useTestApp();

  const captcha = () => {
    const challenge = issueCaptcha(t.env.APP_SECRET, "search");
    return { token: challenge.token, answer: solveCaptcha(challenge.question) };
  };
  let ipCounter = 0;
  const search = (query: string, answer = captcha(), desaKelurahanId?: number) => {
    ipCounter += 1;
    return callerFor(t, null, `10.0.2.${ipCounter}`).registers.searchStatus({
      query,
      captcha: answer,
      desaKelurahanId,
    });
  };

  async function searchOverHttp(query: string, desaKelurahanId?: number) {
    const response = await t.app.request("/trpc/registers.searchStatus", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify({ query, captcha: captcha(), desaKelurahanId }),
    });
    return { status: response.status, text: await response.text() };
  }

  test("by head NIK: one masked card, and no 16-digit run anywhere in the answer", async () => {
    const { form } = await createFamilyRegister(t.db, { rw: "005", rt: "003" });
    const { status, text } = await searchOverHttp(form.nikKepalaKeluarga);
    expect(status).toBe(200);
    expect(text).not.toMatch(/\d{16}/);
    const answer = JSON.parse(text).result.data;
    expect(answer.kind).toBe("nik");
    expect(answer.results).toHaveLength(1);
    const card = answer.results[0];
    expect(card).toMatchObject({
      namaKepalaKeluarga: form.namaKepalaKeluarga,
      nikMasked: `${form.nikKepalaKeluarga.slice(0, 6)}******${form.nikKepalaKeluarga.slice(-4)}`,
      status: "SUBMITTED",
      statusLabel: "Menunggu Persetujuan",
      formTypeLabel: "Registrasi Keluarga",
      rt: "003",
      rw: "005",
      desaKelurahanNama: "Bekasijaya",
      memberCount: form.members.length,
      // The survey date as the family wrote it (YYYY-MM-DD), whichever database and pool answered.
      tanggalPendataan: form.tanggalPendataan,
    });
    expect(card.nomorHpMasked).not.toBe(form.nomorHp);
    expect(card.nomorHpMasked).toContain("*");
    // Only the fields of a card: no members, health, street or contact details.
    expect(Object.keys(card).sort()).toEqual([
      "createdAt",
      "desaKelurahanNama",
      "formType",
      "formTypeLabel",
      "id",
      "kecamatanNama",
      "memberCount",
      "namaKepalaKeluarga",
      "nikMasked",
      "nomorHpMasked",
      "registrationNumber",
      "review",
      "rt",
      "rw",
      "status",
      "statusLabel",
      "tanggalPendataan",
      "updatedAt",
    ]);
    expect(text).not.toContain(form.nomorHp);
    expect(text).not.toContain("members");
  });

  test("by a member's NIK: finds the family", async () => {
    const { form } = await createFamilyRegister(t.db, { status: "APPROVED" });
    const memberNik = form.members[1]?.nik ?? "";
    const answer = await search(memberNik);
    expect(answer.results.map((card) => card.namaKepalaKeluarga)).toEqual([form.namaKepalaKeluarga]);
    expect(answer.results[0]?.statusLabel).toBe("Disetujui");
  });

  test("by name: the whole head name within the chosen kelurahan, case, spaces and accents ignored", async () => {
    const ids: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const { id } = await createFamilyRegister(t.db, {
        wardIndex: 3,
        change: (form) => ({ ...form, namaKepalaKeluarga: "Sukardi Wiryo" }),
      });
      ids.push(id);
    }
    const [row] = await t.db
      .select({ ward: registers.desaKelurahanId })
      .from(registers)
      .where(eq(registers.id, ids[0] ?? 0));
    const ward = row?.ward ?? 0;
    const { status, text } = await searchOverHttp("  SUKÁRDI   wiryo ", ward);
    expect(status).toBe(200);
    expect(text).not.toMatch(/\d{16}/);
    const answer = JSON.parse(text).result.data;
    expect(answer.kind).toBe("name");
    expect(answer.results).toHaveLength(10);
    for (const card of answer.results) expect(card.namaKepalaKeluarga).toBe("Sukardi Wiryo");
    // A fragment, or the right name in another kelurahan, finds nothing.
    expect((await search("Sukardi", captcha(), ward)).results).toEqual([]);
    expect((await search("Sukardi Wiry", captcha(), ward)).results).toEqual([]);
    expect((await search("Sukardi Wiryo", captcha(), ward + 1000)).results).toEqual([]);
  });

  test("a name search without a kelurahan is refused with the tip", async () => {
    await expect(search("Sukardi Wiryo")).rejects.toThrow("Pilih kelurahan");
  });

  test("by registration number (any case): the same masked card; cadre applications never by name", async () => {
    const { id, form } = await createFamilyRegister(t.db, {});
    const [row] = await t.db.select().from(registers).where(eq(registers.id, id));
    const number = row?.registrationNumber ?? "";
    const answer = await search(number.toLowerCase());
    expect(answer.kind).toBe("registrationNumber");
    expect(answer.results.map((card) => card.namaKepalaKeluarga)).toEqual([form.namaKepalaKeluarga]);
    expect(answer.results[0]?.review).toBeNull();
    await t.db.update(registers).set({ formType: "kader_registration" }).where(eq(registers.id, id));
    // Not this application (another test's family may share the generated name).
    const byName = await search(form.namaKepalaKeluarga, captcha(), row?.desaKelurahanId ?? 0);
    const masked = `${form.nikKepalaKeluarga.slice(0, 6)}******${form.nikKepalaKeluarga.slice(-4)}`;
    expect(byName.results.filter((card) => card.nikMasked === masked)).toEqual([]);
  });

  test("a NIK pasted with spaces, dots or dashes between its groups is still a NIK search", async () => {
    const { form } = await createFamilyRegister(t.db, {});
    const nik = form.nikKepalaKeluarga;
    for (const written of [
      `${nik.slice(0, 4)} ${nik.slice(4, 8)} ${nik.slice(8, 12)} ${nik.slice(12)}`,
      `${nik.slice(0, 6)}.${nik.slice(6, 12)}.${nik.slice(12)}`,
      `${nik.slice(0, 8)}-${nik.slice(8)}`,
    ]) {
      const answer = await search(written);
      expect(answer.kind).toBe("nik");
      expect(answer.results.map((card) => card.namaKepalaKeluarga)).toEqual([form.namaKepalaKeluarga]);
    }
  });

  test("a record sent back for revision shows the cadre's note and its time", async () => {
    const { id, form } = await createFamilyRegister(t.db, { status: "NEEDS_REVISION" });
    await t.db.insert(registerEvents).values({
      registerId: id,
      fromStatus: "SUBMITTED",
      toStatus: "NEEDS_REVISION",
      note: "Tanggal lahir anak kedua belum diisi benar",
      level: "rt",
    });
    const answer = await search(form.nikKepalaKeluarga);
    expect(answer.results[0]?.review?.note).toBe("Tanggal lahir anak kedua belum diisi benar");
    expect(answer.results[0]?.review?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  test("empty input, short names and wrong or reused captchas are refused with the spec's messages", async () => {
    await expect(search("   ")).rejects.toThrow("Input tidak valid");
    await expect(search("ab")).rejects.toThrow("nama lengkap kepala keluarga");
    const challenge = issueCaptcha(t.env.APP_SECRET, "search");
    await expect(
      search("9999999999999999", { token: challenge.token, answer: solveCaptcha(challenge.question) + 1 }),
    ).rejects.toThrow("Captcha belum benar");
    const family = issueCaptcha(t.env.APP_SECRET, "family");
    await expect(
      search("9999999999999999", { token: family.token, answer: solveCaptcha(family.question) }),
    ).rejects.toThrow("Captcha belum benar");
    const used = captcha();
    await search("9999999999999999", used);
    await expect(search("9999999999999999", used)).rejects.toThrow("Captcha sudah dipakai");
  });

  test("the live captcha hint says right or wrong without using the captcha up", async () => {
    const challenge = issueCaptcha(t.env.APP_SECRET, "search");
    const right = solveCaptcha(challenge.question);
    const caller = callerFor(t, null, "10.0.2.250");
    expect(await caller.captcha.check({ kind: "search", token: challenge.token, answer: right + 1 })).toEqual({
      correct: false,
    });
    expect(await caller.captcha.check({ kind: "search", token: challenge.token, answer: right })).toEqual({
      correct: true,
    });
    await search("9999999999999999", { token: challenge.token, answer: right });
    // A few hints per captcha only: the hint must not be a faster guessing oracle than the search.
    for (let attempt = 0; attempt < 3; attempt += 1)
      await caller.captcha.check({ kind: "search", token: challenge.token, answer: attempt });
    await expect(caller.captcha.check({ kind: "search", token: challenge.token, answer: 0 })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
  });

  test("too many searches from one address get 429 with Retry-After", async () => {
    let last: Response | undefined;
    for (let attempt = 0; attempt < 21; attempt += 1) {
      last = await t.app.request("/trpc/registers.searchStatus", {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN },
        body: JSON.stringify({ query: "9999999999999999", captcha: { token: "x", answer: 1 } }),
      });
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await last?.json())?.error.message).toBe("Terlalu banyak pencarian. Silakan coba lagi nanti");
  });

  test("valid searches count against the limit too; a refused search neither burns its captcha nor looks anything up", async () => {
    const { form } = await createFamilyRegister(t.db);
    const caller = callerFor(t, null, "10.0.3.1");
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const answer = await caller.registers.searchStatus({ query: form.nikKepalaKeluarga, captcha: captcha() });
      expect(answer.results).toHaveLength(1);
    }
    const kept = captcha();
    await expect(caller.registers.searchStatus({ query: form.nikKepalaKeluarga, captcha: kept })).rejects.toMatchObject(
      {
        code: "TOO_MANY_REQUESTS",
      },
    );
    // From another address the same captcha still works once: the refused search did not use it.
    const other = callerFor(t, null, "10.0.3.2");
    expect((await other.registers.searchStatus({ query: form.nikKepalaKeluarga, captcha: kept })).results).toHaveLength(
      1,
    );
    await expect(other.registers.searchStatus({ query: form.nikKepalaKeluarga, captcha: kept })).rejects.toThrow(
      "Captcha sudah dipakai",
    );
  });

  // The statement's text is the same for every NIK (on PostgreSQL one plan serves them all): each
  // search must still answer its own family, whether searches come one after another or at once.
  test("searches in turn and at once each answer their own family; a wrong captcha among them is refused alone", async () => {
    const families = [];
    for (let index = 0; index < 4; index += 1) families.push(await createFamilyRegister(t.db, { wardIndex: index }));
    for (const { form } of families) {
      const answer = await search(form.nikKepalaKeluarga);
      expect(answer.results.map((card) => card.namaKepalaKeluarga)).toEqual([form.namaKepalaKeluarga]);
    }
    const challenge = issueCaptcha(t.env.APP_SECRET, "search");
    const wrong = { token: challenge.token, answer: solveCaptcha(challenge.question) + 1 };
    const outcomes = await Promise.allSettled([
      ...families.map(({ form }) => search(form.nikKepalaKeluarga)),
      search(families[0]?.form.nikKepalaKeluarga ?? "", wrong),
      ...families.map(({ form }) => search(form.members[1]?.nik ?? "")),
    ]);
    const names = outcomes.map((outcome) =>
      outcome.status === "fulfilled" ? outcome.value.results.map((card) => card.namaKepalaKeluarga) : outcome.reason,
    );
    const expected = families.map(({ form }) => [form.namaKepalaKeluarga]);
    expect(names.slice(0, 4)).toEqual(expected);
    expect(names.slice(5)).toEqual(expected);
    expect(String(names[4])).toContain("Captcha belum benar");
  });

  test("each search sweeps a few expired captcha nonces, oldest first; unexpired ones stay until they expire", async () => {
    await t.db.delete(captchaNonces);
    await t.db.insert(captchaNonces).values([
      ...Array.from({ length: 10 }, (_, index) => ({
        nonce: `expired-${index}`,
        expiresAt: new Date(Date.now() - (index + 1) * 60_000),
      })),
      { nonce: "unexpired", expiresAt: new Date(Date.now() + 60_000) },
    ]);
    const expired = async () =>
      (
        await t.db
          .select({ nonce: captchaNonces.nonce })
          .from(captchaNonces)
          .where(lt(captchaNonces.expiresAt, sql`now()`))
      )
        .map((row) => row.nonce)
        .sort();
    await search("9999999999999999");
    const left = await expired();
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(10);
    // The oldest went first (expired-9 is ten minutes old).
    expect(left).not.toContain("expired-9");
    for (let round = 0; round < 3; round += 1) await search("9999999999999999");
    expect(await expired()).toEqual([]);
    const kept = await t.db.select().from(captchaNonces).where(eq(captchaNonces.nonce, "unexpired"));
    expect(kept).toHaveLength(1);
  });
});
