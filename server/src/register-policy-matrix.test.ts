// The register read policy as a matrix (DESIGN §5, §6): for every role and every surface that
// returns registers — each tRPC procedure, the REST list, one, fields, populate, filters and sort,
// each export — what comes back: full, masked, absent or refused. Every tRPC procedure must be
// classified below, so a new surface cannot skip the matrix unnoticed.
import { beforeAll, describe, expect, test } from "bun:test";
import { maskNik } from "@shared/mask.ts";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { todayIso } from "@shared/dates.ts";
import type { UserRow } from "./db/schema/users.ts";
import { DomainError } from "./services/common/errors.ts";
import { setRecordLocation, updateRecord } from "./services/registers/records.ts";
import { appRouter } from "./trpc/router.ts";
import { createCadre } from "../test/cadres.ts";
import { createFamilyRegister } from "../test/factories.ts";
import { callerFor, createUser, useTestApp } from "../test/helpers.ts";
import { apiToken, cookieOf, restCall, type RestAuth } from "../test/rest.ts";
import { TRPCError } from "@trpc/server";

const t = useTestApp();

const roles = ["anonymous", "rt", "rw", "kelurahan", "aparat", "admin", "readToken", "fullToken"] as const;
type Role = (typeof roles)[number];
/** What a role gets from a surface. */
type Outcome = "full" | "masked" | "refused";

/** Officials read masked; anonymous callers nothing; cadres, admins and API tokens everything. */
const viewOf: Record<Role, Outcome> = {
  anonymous: "refused",
  rt: "full",
  rw: "full",
  kelurahan: "full",
  aparat: "masked",
  admin: "full",
  readToken: "full",
  fullToken: "full",
};

interface Fixture {
  registerId: number;
  form: FamilyRegistration;
  /** Every NIK of the family, the member added by the edit included. */
  niks: string[];
  users: Record<Exclude<Role, "anonymous" | "readToken" | "fullToken">, UserRow>;
  rest: Record<Role, RestAuth>;
}

let fixture: Fixture | undefined;
const ready = (): Fixture => {
  if (!fixture) throw new Error("fixture not built");
  return fixture;
};

beforeAll(async () => {
  // A family with a health condition, edited once (a revision adding a member and a pregnancy).
  const family = await createFamilyRegister(t.db, {
    change: (form) => ({
      ...form,
      specialConditions: { ...form.specialConditions, pregnant: true, pregnantCount: 1 },
    }),
  });
  const users = {
    rt: await createCadre(t.db, "rt"),
    rw: await createCadre(t.db, "rw"),
    kelurahan: await createCadre(t.db, "kelurahan"),
    aparat: await createCadre(t.db, "kelurahan", {}, { role: "aparat" }),
    admin: await createUser(t.db, { role: "admin" }),
  };
  // A woman born 2000-01-01: the NIK says so (day + 40), so no confirmation is needed.
  const addedNik = `327501410100${Date.now().toString().slice(-4)}`;
  const first = family.form.members[0];
  if (!first) throw new Error("family without members");
  const edited: FamilyRegistration = {
    ...family.form,
    members: [
      ...family.form.members,
      {
        ...first,
        nik: addedNik,
        fullName: "Anak Tambahan",
        relationship: "Anak",
        maritalStatus: "Belum Kawin",
        gender: "Perempuan",
        birthDate: "2000-01-01",
      },
    ],
    specialConditions: { ...family.form.specialConditions, pregnant: true, pregnantCount: 2 },
  };
  await updateRecord(t.db, { user: users.rt, ip: "127.0.0.1" }, { registerId: family.id, version: 1, data: edited });
  // The house location (issue 19): personal data like a NIK, recorded through the write path.
  await setRecordLocation(
    t.db,
    { user: users.rt, ip: "127.0.0.1" },
    { registerId: family.id, version: 2, location: { ...house, source: "map", accuracyM: null } },
  );
  fixture = {
    registerId: family.id,
    form: edited,
    niks: [edited.nikKepalaKeluarga, ...edited.members.map((member) => member.nik)],
    users,
    rest: {
      anonymous: null,
      rt: await cookieOf(t, users.rt),
      rw: await cookieOf(t, users.rw),
      kelurahan: await cookieOf(t, users.kelurahan),
      aparat: await cookieOf(t, users.aparat),
      admin: await cookieOf(t, users.admin),
      readToken: await apiToken(t, "read-only"),
      fullToken: await apiToken(t, "full-access"),
    },
  };
}, 60_000);

/** The family's house location: distinctive digits, so an answer that carries it in any form is caught. */
const house = { latitude: -6.241739, longitude: 106.983517 };
const locationShown = (answer: unknown) => {
  const text = JSON.stringify(answer);
  return text.includes(String(house.latitude).slice(1)) || text.includes(String(house.longitude));
};

/**
 * How the family's NIKs appear in an answer: in full; masked (first 6 + last 4); "rebuildable" when
 * masked beside a member's whole birth date, which gives the hidden digits back (DDMMYY, the day + 40
 * for women); or not at all.
 */
function nikForm(answer: unknown): "full" | "masked" | "rebuildable" | "none" {
  const text = JSON.stringify(answer);
  const { niks, form } = ready();
  if (niks.some((nik) => text.includes(nik))) return "full";
  if (niks.some((nik) => text.includes(maskNik(nik)))) {
    const wholeBirthDate = form.members.some((member) => text.includes(`"${member.birthDate}"`));
    return wholeBirthDate ? "rebuildable" : "masked";
  }
  return "none";
}

/** The refusal code of a tRPC call, or null when it answered. */
async function trpcOutcome(call: () => Promise<unknown>): Promise<{ code: string | null; answer: unknown }> {
  try {
    return { code: null, answer: await call() };
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, answer: null };
    if (error instanceof DomainError) return { code: error.code, answer: null };
    throw error;
  }
}

type Caller = ReturnType<typeof callerFor>;

interface TrpcSurface {
  call: (caller: Caller) => Promise<unknown>;
  /** The surface shows NIKs (to the full view). */
  showsNik: boolean;
  /** The family's health data in the answer, or null when the surface never shows any per family. */
  health: ((answer: unknown) => boolean) | null;
  /** Roles refused although they may read registers (kader-only screens). */
  refuses?: Role[];
  /** The surface shows the house location (to the full view only; never to officials). */
  showsLocation?: boolean;
}

const month = todayIso().slice(0, 7);
const registerId = () => ready().registerId;
const hasKey = (answer: unknown, pattern: RegExp) => pattern.test(JSON.stringify(answer));

// tRPC carries no API tokens (they are for the REST layer): token roles are checked on REST only.
const trpcReads: Record<string, TrpcSurface> = {
  "registers.list": {
    call: (caller) => caller.registers.list({}),
    showsNik: false,
    health: (answer) => hasKey(answer, /"kondisiKhusus":\["pregnant"/),
  },
  "registers.open": {
    call: (caller) => caller.registers.open({ registerId: registerId() }),
    showsNik: true,
    health: (answer) => hasKey(answer, /"specialConditions":\{/),
    showsLocation: true,
  },
  "registers.revisions": {
    call: (caller) => caller.registers.revisions({ registerId: registerId() }),
    showsNik: true,
    health: (answer) => hasKey(answer, /specialConditions\./),
    showsLocation: true,
  },
  // The cadres' household map (issue 19): points with status and conditions; officials see areas only.
  "registers.householdMap": {
    call: (caller) => caller.registers.householdMap(),
    showsNik: false,
    health: (answer) => hasKey(answer, /"conditions":\["pregnant"/),
    refuses: ["aparat"],
    showsLocation: true,
  },
  "registers.history": {
    call: (caller) => caller.registers.history({ registerId: registerId() }),
    showsNik: false,
    health: null,
  },
  "registers.queue": {
    call: (caller) => caller.registers.queue({ status: "all" }),
    showsNik: false,
    health: (answer) => hasKey(answer, /"conditions":\[\{"key":"pregnant"/),
    refuses: ["aparat"],
  },
  "registers.specialConditions": {
    call: (caller) => caller.registers.specialConditions({}),
    showsNik: false,
    health: (answer) => hasKey(answer, /"families":\[\{/),
  },
  "dashboard.summary": { call: (caller) => caller.dashboard.summary(), showsNik: false, health: null },
  // Aggregates per region (issue 19): never a register, a NIK or one family's health data.
  "statistics.breakdown": {
    call: (caller) => caller.statistics.breakdown({ indicator: "kondisi-pregnant" }),
    showsNik: false,
    health: null,
  },
  "statistics.trend": {
    call: (caller) => caller.statistics.trend({ indicator: "kondisi-pregnant" }),
    showsNik: false,
    health: null,
  },
  "dashboard.overdue": { call: (caller) => caller.dashboard.overdue(), showsNik: false, health: null },
  "reports.monthly": { call: (caller) => caller.reports.monthly({ month }), showsNik: false, health: null },
  "reports.export": {
    call: async (caller) => {
      const csv = await caller.reports.export({ month, format: "csv" });
      return Buffer.from(csv.base64, "base64").toString("utf8");
    },
    showsNik: false,
    health: null,
  },
  "reports.export(xlsx)": {
    call: (caller) => caller.reports.export({ month, format: "xlsx" }),
    showsNik: false,
    health: null,
  },
};

/** Procedures that change registers (tested by the write-path, lock and race tests) or search publicly (masked). */
const trpcWrites = [
  "registers.registerFamily",
  "registers.searchStatus",
  "registers.openCorrection",
  "registers.submitCorrection",
  "registers.create",
  "registers.update",
  "registers.delete",
  "registers.restore",
  "registers.reopen",
  "registers.transition",
  "registers.bulkVerify",
  "registers.setLocation",
];

/**
 * The PKK recap forms and dasawisma (services/recaps): aggregates per group, per-household sheets
 * (4.16a/4.18a) refused to officials, dasawisma managed by RT cadres only; tested per role in
 * services/recaps/*.test.ts.
 */
const recapNamespaces = ["recaps", "dasawisma"];

/** Public aggregates with small counts suppressed (statistics.test.ts): never a register, for anyone. */
const publicAggregates = ["statistics.publicBreakdown", "statistics.publicTrend"];

/** Namespaces that never return a register (accounts, regions, captcha, public figures, the audit log's ids). */
const unrelatedNamespaces = ["auth", "regions", "captcha", "config", "stats", "kader", "users", "audit"];

describe("every tRPC procedure is classified", () => {
  test("a procedure returning registers that is not in the matrix fails here", () => {
    const unclassified = Object.keys(appRouter._def.procedures).filter(
      (path) =>
        !(path in trpcReads) &&
        !trpcWrites.includes(path) &&
        !publicAggregates.includes(path) &&
        !unrelatedNamespaces.includes(path.split(".")[0] ?? "") &&
        !recapNamespaces.includes(path.split(".")[0] ?? ""),
    );
    expect(unclassified).toEqual([]);
  });
});

const trpcRoles = roles.filter((role) => role !== "readToken" && role !== "fullToken");

describe("tRPC surfaces per role", () => {
  for (const [path, surface] of Object.entries(trpcReads)) {
    test(path, async () => {
      const { users } = ready();
      for (const role of trpcRoles) {
        const user = role === "anonymous" ? null : users[role];
        const { code, answer } = await trpcOutcome(() => surface.call(callerFor(t, user)));
        const expected: Outcome = surface.refuses?.includes(role) ? "refused" : viewOf[role];
        const seen = {
          role,
          code,
          nik: code ? null : nikForm(answer),
          health: code ? null : surface.health?.(answer),
          location: code ? null : locationShown(answer),
        };
        if (expected === "refused") {
          expect({ role, refused: code !== null }).toEqual({ role, refused: true });
          continue;
        }
        expect(seen).toEqual({
          role,
          code: null,
          nik: surface.showsNik ? expected : "none",
          health: surface.health ? expected === "full" : undefined,
          location: surface.showsLocation === true && expected === "full",
        });
      }
    });
  }

  test("the special-conditions monitor gives an official counts per area, never families", async () => {
    const monitor = await callerFor(t, ready().users.aparat).registers.specialConditions({});
    expect(monitor.families).toBeNull();
    expect(monitor.counts.find((item) => item.key === "pregnant")?.families).toBeGreaterThan(0);
  });

  test("an official's condition filter on the queue is refused clearly", async () => {
    const { code } = await trpcOutcome(() =>
      callerFor(t, ready().users.aparat).registers.queue({ condition: "pregnant" }),
    );
    expect(code).toBe("FORBIDDEN");
  });
});

interface RestSurface {
  path: () => string;
  /** The surface shows NIKs (to the full view). */
  showsNik: boolean;
  /** The family's health data in the answer (null: the surface shows none to anybody). */
  health: ((json: unknown) => boolean) | null;
  /** The masked view is refused with this 400 message (a filter, sort or field it may not see). */
  maskedRefusal?: string;
}

const healthAttribute = (json: unknown) => hasKey(json, /"pregnant_count":[1-9]/);

const restReads: Record<string, RestSurface> = {
  list: { path: () => `/registers?filters[id][$eq]=${registerId()}`, showsNik: true, health: healthAttribute },
  one: { path: () => `/registers/${registerId()}`, showsNik: true, health: healthAttribute },
  fields: {
    path: () => `/registers/${registerId()}?fields[0]=nik_kepala_keluarga&fields[1]=nomor_hp`,
    showsNik: true,
    health: null,
  },
  "fields with a health attribute": {
    path: () => `/registers/${registerId()}?fields[0]=nik_kepala_keluarga&fields[1]=pregnant_count`,
    showsNik: true,
    health: healthAttribute,
    maskedRefusal: "Invalid parameter pregnant_count",
  },
  populate: {
    path: () => `/registers?filters[id][$eq]=${registerId()}&populate=desa_kelurahan`,
    showsNik: true,
    health: healthAttribute,
  },
  "filter on a health count": {
    path: () => `/registers?filters[pregnant_count][$gt]=0`,
    showsNik: true,
    health: healthAttribute,
    maskedRefusal: "Invalid parameter pregnant_count",
  },
  "filter on a health count, any value": {
    path: () => `/registers?filters[pregnant_count][$eq]=abc`,
    showsNik: false,
    health: null,
    maskedRefusal: "Invalid parameter pregnant_count",
  },
  "filter on the head NIK": {
    path: () => `/registers?filters[nik_kepala_keluarga][$eq]=${ready().form.nikKepalaKeluarga}`,
    showsNik: true,
    health: healthAttribute,
    maskedRefusal: "Invalid parameter nik_kepala_keluarga",
  },
  "sort on has_special_condition": {
    path: () => `/registers?sort=has_special_condition:desc&filters[id][$eq]=${registerId()}`,
    showsNik: true,
    health: healthAttribute,
    maskedRefusal: "Invalid parameter has_special_condition",
  },
};

describe("REST surfaces per role", () => {
  for (const [name, surface] of Object.entries(restReads)) {
    test(name, async () => {
      const { rest } = ready();
      for (const role of roles) {
        const answer = await restCall(t, "GET", surface.path(), rest[role]);
        const expected = viewOf[role];
        if (expected === "refused") {
          expect({ role, status: answer.status }).toEqual({ role, status: 403 });
          continue;
        }
        if (expected === "masked" && surface.maskedRefusal) {
          expect({ role, status: answer.status, error: answer.json.error?.message }).toEqual({
            role,
            status: 400,
            error: surface.maskedRefusal,
          });
          continue;
        }
        if (name.includes("any value")) {
          expect({ role, status: answer.status }).toEqual({ role, status: 400 });
          expect(answer.json.error.message).toBe("Invalid value for pregnant_count");
          continue;
        }
        expect({
          role,
          status: answer.status,
          nik: nikForm(answer.json),
          health: surface.health ? surface.health(answer.json) : undefined,
          // The REST layer never carries the house location, not even to API tokens.
          location: locationShown(answer.json),
        }).toEqual({
          role,
          status: 200,
          nik: surface.showsNik ? expected : "none",
          health: surface.health ? expected === "full" : undefined,
          location: false,
        });
      }
    });
  }

  test("the house location is no REST attribute: selecting, filtering or sorting on it is refused for everyone", async () => {
    const { rest } = ready();
    const paths: Array<[string, number]> = [
      [`/registers/${registerId()}?fields[0]=latitude`, 400],
      [`/registers?filters[longitude][$notNull]=true`, 400],
      [`/registers?sort=latitude:asc`, 400],
      // Every relation populated: still no location.
      [`/registers?filters[id][$eq]=${registerId()}&populate=*`, 200],
    ];
    for (const role of roles.filter((item) => viewOf[item] !== "refused")) {
      for (const [path, status] of paths) {
        const answer = await restCall(t, "GET", path, rest[role]);
        expect({ role, path, status: answer.status, location: locationShown(answer.json) }).toEqual({
          role,
          path,
          status,
          location: false,
        });
      }
    }
  });

  test("an official sees phone and e-mail masked and no health attribute at all", async () => {
    const answer = await restCall(t, "GET", `/registers/${registerId()}`, ready().rest.aparat);
    const attributes = answer.json.data.attributes;
    expect(attributes.nomor_hp).not.toBe(ready().form.nomorHp);
    expect(attributes.nomor_hp).toContain("*");
    for (const name of ["has_special_condition", "pregnant_count", "baby_death_count", "new_birth_count"]) {
      expect(attributes).not.toHaveProperty(name);
    }
    expect(attributes.data_register).not.toHaveProperty("specialConditions");
  });
});

describe("recording the house location per role", () => {
  test("cadres of the area and admins may; officials and anonymous callers are refused", async () => {
    const { users } = ready();
    const location = { ...house, source: "map" as const, accuracyM: null };
    for (const role of trpcRoles) {
      const user = role === "anonymous" ? null : users[role];
      const { version } = await callerFor(t, users.admin).registers.open({ registerId: registerId() });
      const { code } = await trpcOutcome(() =>
        callerFor(t, user).registers.setLocation({ registerId: registerId(), version, location }),
      );
      const expected = role === "anonymous" ? "UNAUTHORIZED" : role === "aparat" ? "FORBIDDEN" : null;
      expect({ role, code }).toEqual({ role, code: expected });
    }
  });
});
