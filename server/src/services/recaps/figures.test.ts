// Every column of 4.16a–d and 4.18b–d equals an independent count over generated households:
// approved and live ones surveyed by the period's end, counted here in plain TypeScript.
import { describe, expect, test } from "bun:test";
import { todayIso } from "@shared/dates.ts";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { periodEnd, type RecapPlace, type RecapSheet } from "@shared/recaps.ts";
import type { RegisterStatus } from "@shared/status.ts";
import { dasawisma, dasawismaHouseholds } from "../../db/schema/recaps.ts";
import { registers } from "../../db/schema/registers.ts";
import { eq } from "drizzle-orm";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { seededRandom } from "../../demo/families.ts";
import { buildSheet } from "./sheets.ts";

const ctx = useTestApp();
const period = todayIso().slice(0, 7);
const end = periodEnd(period);

/** Age in full years on `on`, computed from the calendar (not from the SQL boundaries). */
function age(birth: string, on: string): number {
  const [by, bm, bd] = birth.split("-").map(Number);
  const [oy, om, od] = on.split("-").map(Number);
  let years = (oy ?? 0) - (by ?? 0);
  if ((om ?? 0) < (bm ?? 0) || (om === bm && (od ?? 0) < (bd ?? 0))) years -= 1;
  return years;
}

function expected(forms: FamilyRegistration[]): Record<string, number> {
  const total: Record<string, number> = {};
  const add = (key: string, value: number | boolean) => {
    total[key] = (total[key] ?? 0) + Number(value);
  };
  const inMonth = (date: string) => date.slice(0, 7) === period;
  for (const form of forms) {
    add("krt", 1);
    add("kk", 1);
    const c = form.specialConditions;
    const on = (key: "pregnant" | "nursing" | "blind" | "postpartum") => (c[key] ? c[`${key}Count`] : 0);
    for (const m of form.members) {
      const years = age(m.birthDate, end);
      const female = m.gender === "Perempuan";
      add(female ? "totalP" : "totalL", 1);
      if (years < 5) add(female ? "balitaP" : "balitaL", 1);
      if (female && years >= 15 && years <= 49) {
        add("wus", 1);
        if (m.maritalStatus === "Kawin") add("pus", 1);
      }
      if (years >= 60) add("lansia", 1);
    }
    add("hamil", on("pregnant"));
    add("menyusui", on("nursing"));
    add("butaTiga", on("blind"));
    add("berkebutuhanKhusus", on("blind") > 0);
    add("sehat", form.houseCriteria.healthy);
    add("tidakSehat", form.houseCriteria.lessHealthy);
    add("sampah", form.houseCriteria.hasTrashBin);
    add("spal", form.houseCriteria.hasDrainage);
    add("mck", form.mckFacility);
    add("pdam", form.waterSource === "PDAM");
    add("sumur", form.waterSource === "Sumur Bor" || form.waterSource === "Sumur Gali");
    add("airLain", !["PDAM", "Sumur Bor", "Sumur Gali"].includes(form.waterSource));
    add("beras", form.foodType === "Beras");
    add("nonBeras", form.foodType === "Non Beras");
    add("up2k", form.communityActivities.up2k);
    add("pekarangan", form.communityActivities.yardUtilization);
    add("industri", form.communityActivities.homeIndustry);
    add("kesling", form.communityActivities.environmentalHealth);
    add("ibuHamil", on("pregnant"));
    add("ibuNifas", on("postpartum"));
    // An event is reported on its date, or on the survey date when it happened before the survey.
    const reported = (date: string) => inMonth(date > form.tanggalPendataan ? date : form.tanggalPendataan);
    const births = (form.events?.births ?? []).filter((b) => reported(b.birthDate));
    const deaths = (form.events?.deaths ?? []).filter((d) => reported(d.deathDate));
    add("ibuMelahirkan", births.length);
    for (const b of births) {
      add(b.sex === "Laki-laki" ? "bayiLahirL" : "bayiLahirP", 1);
      add(b.hasBirthCertificate ? "akteAda" : "akteTidak", 1);
    }
    for (const d of deaths) {
      const sex = d.sex === "Laki-laki" ? "L" : "P";
      if (d.category === "ibu") add("ibuMeninggal", 1);
      if (d.category === "bayi") add(`bayiMeninggal${sex}`, 1);
      if (d.category === "balita") add(`balitaMeninggal${sex}`, 1);
    }
  }
  return total;
}

/** The row of a sheet as {columnKey: value}. */
function asRecord(sheet: RecapSheet, cells: RecapSheet["rows"][number]["cells"]): Record<string, number> {
  const record: Record<string, number> = {};
  sheet.columns.forEach((column, index) => {
    if (column.numeric && column.key !== "no") record[column.key] = Number(cells[index] ?? 0);
  });
  return record;
}

function expectRow(sheet: RecapSheet, cells: RecapSheet["rows"][number]["cells"], forms: FamilyRegistration[]) {
  const want = expected(forms);
  const got = asRecord(sheet, cells);
  for (const key of Object.keys(got)) expect({ key, value: got[key] }).toEqual({ key, value: want[key] ?? 0 });
}

const random = seededRandom(18);
// Never after today (WIB): the shared schema refuses event dates in the future.
const pickDate = (month: string) => {
  const date = `${month}-${String(1 + Math.floor(random() * 27)).padStart(2, "0")}`;
  return date > todayIso() ? todayIso() : date;
};

/** Random events in this month and the month before, with the counts the form needs to match them. */
function withEvents(form: FamilyRegistration): FamilyRegistration {
  const previous = new Date(`${period}-01T00:00:00Z`);
  previous.setUTCMonth(previous.getUTCMonth() - 1);
  const lastMonth = previous.toISOString().slice(0, 7);
  const when = () => {
    const date = pickDate(random() < 0.7 ? period : lastMonth);
    return date <= todayIso() ? date : todayIso();
  };
  const births = Array.from({ length: Math.floor(random() * 3) }, (_, i) => ({
    motherName: "Ibu Uji",
    babyName: `Bayi ${i}`,
    sex: random() < 0.5 ? ("Laki-laki" as const) : ("Perempuan" as const),
    birthDate: when(),
    // A household's first baby has its certificate, later ones by chance: the akte columns are
    // exercised whatever the demo generator drew before.
    hasBirthCertificate: i === 0 || random() < 0.5,
  }));
  const categories = ["ibu", "bayi", "balita"] as const;
  const deaths = Array.from({ length: Math.floor(random() * 3) }, () => ({
    name: "Almarhum Uji",
    category: categories[Math.floor(random() * 3)] ?? "bayi",
    sex: random() < 0.5 ? ("Laki-laki" as const) : ("Perempuan" as const),
    deathDate: when(),
    cause: "Sakit",
  }));
  const count = (category: string) => deaths.filter((d) => d.category === category).length;
  const sc = { ...form.specialConditions };
  sc.newBirth = births.length > 0;
  sc.newBirthCount = births.length;
  sc.motherDeath = count("ibu") > 0;
  sc.motherDeathCount = count("ibu");
  sc.babyDeath = count("bayi") > 0;
  sc.babyDeathCount = count("bayi");
  sc.toddlerDeath = count("balita") > 0;
  sc.toddlerDeathCount = count("balita");
  // Young children and elders make the balita and lansia columns non-trivial.
  const members = form.members.map((m, i) =>
    i >= 2 && random() < 0.5
      ? {
          ...m,
          birthDate: pickDate(
            `${Number(period.slice(0, 4)) - 1 - Math.floor(random() * 5)}-0${1 + Math.floor(random() * 9)}`,
          ),
        }
      : m,
  );
  if (random() < 0.3 && members[0]) members[0] = { ...members[0], birthDate: "1950-03-04" };
  // Half the houses on PDAM, whatever the demo generator drew, so the water column is exercised too.
  const waterSource = random() < 0.5 ? ("PDAM" as const) : form.waterSource;
  return { ...form, waterSource, members, specialConditions: sc, events: { births, deaths } };
}

interface Made {
  id: number;
  form: FamilyRegistration;
  counted: boolean;
  rw: string;
  rt: string;
  group: number | null;
}

describe("recap figures", () => {
  test("every column of 4.16a–d and 4.18a–d equals independent counts over generated households", async () => {
    const db = ctx.db;
    const area = await ward(db, 0);
    const made: Made[] = [];
    const statuses: RegisterStatus[] = ["APPROVED", "APPROVED", "APPROVED", "RW_VERIFIED", "SUBMITTED"];
    const groups: Record<string, number[]> = {};
    for (const rw of ["005", "006"]) {
      for (const rt of ["001", "002"]) {
        const ids: number[] = [];
        for (const name of ["Mawar", "Melati"]) {
          const [row] = await db
            .insert(dasawisma)
            .values({ desaKelurahanId: area.id, rw, rt, name: `${name} ${rw}${rt}`, leaderName: "Ketua" })
            .returning({ id: dasawisma.id });
          if (row) ids.push(row.id);
        }
        groups[`${rw}/${rt}`] = ids;
        for (let n = 0; n < 7; n += 1) {
          const status = statuses[Math.floor(random() * statuses.length)] ?? "APPROVED";
          const { id, form } = await createFamilyRegister(db, { rw, rt, status, change: withEvents });
          const group = n % 3 === 2 ? null : (ids[n % 2] ?? null);
          if (group !== null) await db.insert(dasawismaHouseholds).values({ registerId: id, dasawismaId: group });
          const deleted = random() < 0.1;
          if (deleted) await db.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, id));
          const counted = status === "APPROVED" && !deleted && form.tanggalPendataan <= end;
          made.push({ id, form, counted, rw, rt, group });
        }
      }
    }
    // A household in another ward never counts.
    await createFamilyRegister(db, { wardIndex: 1, status: "APPROVED", change: withEvents });
    const counted = made.filter((m) => m.counted);
    expect(counted.length).toBeGreaterThan(5);

    for (const form of ["4.16", "4.18"] as const) {
      const d = await buildSheet(db, form, { desaKelurahanId: area.id }, period);
      expect(d.rows.length).toBe(new Set(counted.map((m) => m.rw)).size);
      for (const row of d.rows) {
        const rw = String(row.cells[1]).replace("RW ", "");
        expectRow(
          d,
          row.cells,
          counted.filter((m) => m.rw === rw).map((m) => m.form),
        );
      }
      if (d.totals)
        expectRow(
          d,
          d.totals,
          counted.map((m) => m.form),
        );
      // The generated data exercises the age- and event-derived columns (not only zeros).
      const all = expected(counted.map((m) => m.form));
      const exercised = form === "4.16" ? ["balitaL", "lansia", "pus", "wus", "pdam"] : ["ibuMelahirkan", "akteAda"];
      for (const key of exercised) expect({ key, positive: (all[key] ?? 0) > 0 }).toEqual({ key, positive: true });

      for (const rw of ["005", "006"]) {
        const c = await buildSheet(db, form, { desaKelurahanId: area.id, rw }, period);
        for (const row of c.rows) {
          const rt = String(row.cells[1]).replace("RT ", "");
          expectRow(
            c,
            row.cells,
            counted.filter((m) => m.rw === rw && m.rt === rt).map((m) => m.form),
          );
        }
        for (const rt of ["001", "002"]) {
          const place: RecapPlace = { desaKelurahanId: area.id, rw, rt };
          const b = await buildSheet(db, form, place, period);
          const here = counted.filter((m) => m.rw === rw && m.rt === rt);
          const ids = groups[`${rw}/${rt}`] ?? [];
          ids.forEach((groupId, index) => {
            const row = b.rows[index];
            if (!row) throw new Error("missing dasawisma row");
            expectRow(
              b,
              row.cells,
              here.filter((m) => m.group === groupId).map((m) => m.form),
            );
          });
          const loose = here.filter((m) => m.group === null);
          expect(b.rows.length).toBe(ids.length + (loose.length > 0 ? 1 : 0));
          if (loose.length > 0) {
            const last = b.rows.at(-1);
            if (!last) throw new Error("missing unassigned row");
            expect(last.cells[1]).toBe("Belum masuk dasawisma");
            expectRow(
              b,
              last.cells,
              loose.map((m) => m.form),
            );
          }
          const groupId = ids[0] ?? 0;
          const a = await buildSheet(db, form, { ...place, dasawismaId: groupId }, period);
          const members = here.filter((m) => m.group === groupId);
          if (form === "4.16") {
            // One row per household: the rows and the independent per-household counts are the same
            // multiset (head names may repeat, so rows are matched by name and figures together).
            const got = a.rows.map((row) => JSON.stringify([row.cells[1], asRecord(a, row.cells)])).sort();
            const want = members
              .map((m) => {
                const counts = expected([m.form]);
                const record = Object.fromEntries(
                  Object.keys(asRecord(a, a.rows[0]?.cells ?? [])).map((key) => [key, counts[key] ?? 0]),
                );
                return JSON.stringify([m.form.namaKepalaKeluarga, record]);
              })
              .sort();
            expect(got).toEqual(want);
          } else {
            // 4.18a lists each pregnancy, postpartum mother, birth and death of the month once.
            const want = expected(members.map((m) => m.form));
            const events =
              (want.ibuHamil ?? 0) +
              (want.ibuNifas ?? 0) +
              (want.ibuMelahirkan ?? 0) +
              (want.ibuMeninggal ?? 0) +
              (want.bayiMeninggalL ?? 0) +
              (want.bayiMeninggalP ?? 0) +
              (want.balitaMeninggalL ?? 0) +
              (want.balitaMeninggalP ?? 0);
            expect(a.rows.length).toBe(events);
            expect(a.columns.length).toBe(17);
          }
        }
      }
    }
  });

  test("a period before the survey date counts nothing of it", async () => {
    const db = ctx.db;
    const area = await ward(db, 2);
    await createFamilyRegister(db, {
      wardIndex: 2,
      status: "APPROVED",
      change: (form) => ({ ...form, tanggalPendataan: `${period}-01` }),
    });
    const before = new Date(`${period}-01T00:00:00Z`);
    before.setUTCMonth(before.getUTCMonth() - 1);
    const sheet = await buildSheet(db, "4.16", { desaKelurahanId: area.id }, before.toISOString().slice(0, 7));
    expect(sheet.rows).toHaveLength(0);
    const now = await buildSheet(db, "4.16", { desaKelurahanId: area.id }, period);
    expect(now.rows).toHaveLength(1);
  });
});

describe("4.18 counts a birth or death in the month it is reported", () => {
  test("an event dated before the household's survey is reported in the survey month (4.18a–d), an older household's in its own month", async () => {
    const db = ctx.db;
    const area = await ward(db, 24);
    const monthsBack = (n: number) => {
      const month = new Date(`${period}-01T00:00:00Z`);
      month.setUTCMonth(month.getUTCMonth() - n);
      return month.toISOString().slice(0, 7);
    };
    const [lastMonth, twoMonthsAgo] = [monthsBack(1), monthsBack(2)];
    const withOneBirthAndDeath = (surveyed: string, born: string, died: string) => (form: FamilyRegistration) => ({
      ...form,
      tanggalPendataan: surveyed,
      specialConditions: {
        ...form.specialConditions,
        newBirth: true,
        newBirthCount: 1,
        babyDeath: true,
        babyDeathCount: 1,
        motherDeath: false,
        motherDeathCount: 0,
        toddlerDeath: false,
        toddlerDeathCount: 0,
      },
      events: {
        births: [
          {
            motherName: "Ibu Uji",
            babyName: "Bayi Lahir",
            sex: "Perempuan" as const,
            birthDate: born,
            hasBirthCertificate: true,
          },
        ],
        deaths: [
          { name: "Bayi Wafat", category: "bayi" as const, sex: "Laki-laki" as const, deathDate: died, cause: "Sakit" },
        ],
      },
    });
    // Surveyed on the 1st of this month: a birth last month and a death two months ago, both before
    // the survey, when no recap counted this household yet.
    const late = await createFamilyRegister(db, {
      wardIndex: 24,
      rw: "005",
      rt: "001",
      status: "APPROVED",
      change: withOneBirthAndDeath(`${period}-01`, `${lastMonth}-15`, `${twoMonthsAgo}-20`),
    });
    // Surveyed two months ago, after its birth and death that month: reported then, not again.
    await createFamilyRegister(db, {
      wardIndex: 24,
      rw: "005",
      rt: "002",
      status: "APPROVED",
      change: withOneBirthAndDeath(`${twoMonthsAgo}-25`, `${twoMonthsAgo}-10`, `${twoMonthsAgo}-12`),
    });
    const counts = async (month: string) => {
      const sheet = await buildSheet(db, "4.18", { desaKelurahanId: area.id }, month);
      const totals = sheet.totals ? asRecord(sheet, sheet.totals) : {};
      return { births: totals.bayiLahirP, deaths: totals.bayiMeninggalL };
    };
    expect(await counts(period)).toEqual({ births: 1, deaths: 1 });
    expect(await counts(lastMonth)).toEqual({ births: 0, deaths: 0 });
    expect(await counts(twoMonthsAgo)).toEqual({ births: 1, deaths: 1 });
    // The RT's 4.18b and the dasawisma's 4.18a list the late household's events this month, with their own dates.
    const rt = await buildSheet(db, "4.18", { desaKelurahanId: area.id, rw: "005", rt: "001" }, period);
    const rtTotals = rt.totals ? asRecord(rt, rt.totals) : {};
    expect([rtTotals.ibuMelahirkan, rtTotals.bayiMeninggalL]).toEqual([1, 1]);
    const [group] = await db
      .insert(dasawisma)
      .values({ desaKelurahanId: area.id, rw: "005", rt: "001", name: "Anggrek", leaderName: "Ketua" })
      .returning({ id: dasawisma.id });
    if (!group) throw new Error("no dasawisma");
    await db.insert(dasawismaHouseholds).values({ registerId: late.id, dasawismaId: group.id });
    const list = await buildSheet(
      db,
      "4.18",
      { desaKelurahanId: area.id, rw: "005", rt: "001", dasawismaId: group.id },
      period,
    );
    const cells = list.rows.map((row) => row.cells.map(String));
    expect(
      cells.some(
        (row) => row.includes("Bayi Lahir") && row.includes(`15-${lastMonth.slice(5)}-${lastMonth.slice(0, 4)}`),
      ),
    ).toBe(true);
    expect(
      cells.some(
        (row) => row.includes("Bayi Wafat") && row.includes(`20-${twoMonthsAgo.slice(5)}-${twoMonthsAgo.slice(0, 4)}`),
      ),
    ).toBe(true);
    const lastList = await buildSheet(
      db,
      "4.18",
      { desaKelurahanId: area.id, rw: "005", rt: "001", dasawismaId: group.id },
      lastMonth,
    );
    expect(lastList.rows).toHaveLength(0);
  });
});

describe("a past month's recap counts the people of that month", () => {
  test("a baby born after the period's end is in no total or age band of that period (4.16d, 4.16b)", async () => {
    const db = ctx.db;
    const area = await ward(db, 23);
    const lastMonth = new Date(`${period}-01T00:00:00Z`);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const past = lastMonth.toISOString().slice(0, 7);
    // Surveyed last month; today a baby girl is added to the household (born today, after last month ended).
    const { form } = await createFamilyRegister(db, {
      wardIndex: 23,
      status: "APPROVED",
      change: (f) => {
        const last = f.members.at(-1);
        if (!last) throw new Error("no member to copy");
        const baby = {
          ...last,
          nik: `${last.nik.slice(0, 12)}9999`,
          fullName: "Bayi Baru",
          relationship: "Anak" as const,
          gender: "Perempuan" as const,
          birthDate: todayIso(),
          maritalStatus: "Belum Kawin" as const,
        };
        return { ...f, tanggalPendataan: `${past}-05`, members: [...f.members, baby] };
      },
    });
    expect(form.members.some((m) => m.fullName === "Bayi Baru")).toBe(true);
    const alive = form.members.filter((m) => m.birthDate <= periodEnd(past));
    const want = expected([{ ...form, members: alive, events: { births: [], deaths: [] } }]);
    for (const place of [{ desaKelurahanId: area.id }, { desaKelurahanId: area.id, rw: "005", rt: "001" }]) {
      const sheet = await buildSheet(db, "4.16", place, past);
      const totals = sheet.totals ? asRecord(sheet, sheet.totals) : {};
      const keys = ["totalL", "totalP", "balitaL", "balitaP", "pus", "wus", "lansia"];
      const got = Object.fromEntries(keys.map((k) => [k, totals[k]]));
      const wanted = Object.fromEntries(Object.keys(got).map((k) => [k, want[k] ?? 0]));
      expect(got).toEqual(wanted);
    }
    // Today's recap counts her.
    const now = await buildSheet(db, "4.16", { desaKelurahanId: area.id }, period);
    const nowTotals = now.totals ? asRecord(now, now.totals) : {};
    expect(nowTotals.totalP).toBe(form.members.filter((m) => m.gender === "Perempuan").length);
  });
});
