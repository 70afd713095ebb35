// /api/registers (SPEC §7 "Registers", DESIGN §7): only translates. The register module decides
// which rows and columns a caller gets (services/registers/policy.ts, presenter.ts, through
// read-entries.ts, which also audits); this file compiles the Strapi query within them. Writes go
// through the records service and status moves through workflow.ts, like the screens.
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import type { Db } from "../db/client.ts";
import { registers } from "../db/schema/registers.ts";
import type { Actor } from "../services/accounts/actor.ts";
import { DomainError } from "../services/common/errors.ts";
import { assertMayChange, readPolicyOf, readsCadreForms, readsEveryLiveRow } from "../services/registers/policy.ts";
import { liveRegisterCountSql } from "../services/figures/family-count.ts";
import { registerDataVersion } from "../services/registers/change-log.ts";
import { readRegisterEntries, type RegisterReadAccess } from "../services/registers/read-entries.ts";
import { createRecord, deleteRecord, updateRecord } from "../services/registers/records.ts";
import { moveToStatus, updateRecordAndMove } from "../services/registers/workflow.ts";
import { jsonText, listBody, parseId, readDataPayload, singleBody } from "./envelope.ts";
import { RestError, restNotFound } from "./errors.ts";
import { oneWriteBody } from "../http/one-write.ts";
import { keptAnswer } from "./kept-answers.ts";
import { parseQuery } from "./query.ts";
import { registerCountFilterOf } from "./register-count-filter.ts";
import { desaKelurahanResource, kecamatanResource } from "./regions.ts";
import { findMany, findOne, type RestAttribute, type RestResource } from "./resource.ts";
import { familyRegistrationSchema, type FamilyRegistration } from "@shared/schemas/family.ts";
import { parseInput } from "../services/common/input.ts";

// Private columns (consent, creator, soft-delete bookkeeping) are not listed, so no query reaches them.
const attributes: Record<string, RestAttribute> = {
  nama_kepala_keluarga: { column: registers.namaKepalaKeluarga, type: "string" },
  nik_kepala_keluarga: { column: registers.nikKepalaKeluarga, type: "string" },
  // Nomor KK (issue 15): optional, 16 digits; masked like a NIK for officials, so only cadres filter on it.
  nomor_kk: { column: registers.nomorKk, type: "string" },
  nomor_hp: { column: registers.nomorHp, type: "string" },
  alamat_email: { column: registers.alamatEmail, type: "string" },
  tanggal_pendataan: { column: registers.tanggalPendataan, type: "date" },
  status: { column: registers.status, type: "string" },
  form_type: { column: registers.formType, type: "string" },
  registration_number: { column: registers.registrationNumber, type: "string" },
  data_register: { column: registers.dataRegister, type: "json" },
  rw: { column: registers.rw, type: "string" },
  rt: { column: registers.rt, type: "string" },
  member_count: { column: registers.memberCount, type: "integer" },
  has_special_condition: { column: registers.hasSpecialCondition, type: "boolean" },
  pregnant_count: { column: registers.pregnantCount, type: "integer" },
  blind_count: { column: registers.blindCount, type: "integer" },
  nursing_count: { column: registers.nursingCount, type: "integer" },
  mother_death_count: { column: registers.motherDeathCount, type: "integer" },
  baby_death_count: { column: registers.babyDeathCount, type: "integer" },
  toddler_death_count: { column: registers.toddlerDeathCount, type: "integer" },
  new_birth_count: { column: registers.newBirthCount, type: "integer" },
  birth_certificate_count: { column: registers.birthCertificateCount, type: "integer" },
  postpartum_count: { column: registers.postpartumCount, type: "integer" },
  version: { column: registers.version, type: "integer" },
  createdAt: { column: registers.createdAt, type: "datetime" },
  updatedAt: { column: registers.updatedAt, type: "datetime" },
  // Strapi's draft & publish: a register is never a draft, so it is published when created.
  publishedAt: { column: registers.createdAt, type: "datetime" },
};

const relations: RestResource["relations"] = {
  desa_kelurahan: {
    target: () => desaKelurahanResource,
    cardinality: "one",
    localColumn: registers.desaKelurahanId,
    foreignColumn: desaKelurahanResource.id,
  },
  kecamatan: {
    target: () => kecamatanResource,
    cardinality: "one",
    localColumn: registers.kecamatanId,
    foreignColumn: kecamatanResource.id,
  },
};

const columns: Record<string, AnyPgColumn> = Object.fromEntries(
  Object.entries(attributes).map(([name, attribute]) => [name, attribute.column]),
);

/** Every attribute, for documentation and for callers with the full view. */
export const registerResource: RestResource = { table: registers, id: registers.id, attributes, relations };

/**
 * The resource as this caller may query it: hidden columns (health data for officials) do not exist
 * for it, masked ones are selectable but never filtered or sorted; either gives 'Invalid parameter'.
 */
function resourceFor(access: RegisterReadAccess): RestResource {
  const visible: Record<string, RestAttribute> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    const mode = access.access(attribute.column);
    if (mode === "hidden") continue;
    visible[name] = mode === "masked" ? { ...attribute, opaque: true } : attribute;
  }
  return { ...registerResource, attributes: visible };
}

const forbiddenError = () => new RestError(403, "ForbiddenError", "Forbidden");
export const createStatusMessage = "Data baru selalu dibuat dengan status SUBMITTED";
export const defaultDeleteReason = "Dihapus melalui API";

// REST attribute names ↔ the family form of shared/src/schemas/family.ts.
const headFields: Record<string, string> = {
  nama_kepala_keluarga: "namaKepalaKeluarga",
  nik_kepala_keluarga: "nikKepalaKeluarga",
  nomor_kk: "nomorKk",
  nomor_hp: "nomorHp",
  alamat_email: "alamatEmail",
  tanggal_pendataan: "tanggalPendataan",
};
const restNames = new Map(Object.entries(headFields).map(([rest, form]) => [form, rest]));
// data_register keys that belong to the spec's client, not to the stored family.
const transientKeys = new Set([
  "captcha",
  "formType",
  "registrationDate",
  "headName",
  "headNik",
  "phone",
  "email",
  "dateCollected",
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** "12" → 12 for ids sent as text; anything else is left for the schema to refuse. */
function idValue(value: unknown): unknown {
  return typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
}

/** The spec's `address{rt, rw, kelurahan, kecamatan}` (ids) or the form's own address keys. */
function addressOf(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  return {
    kecamatanId: idValue(raw.kecamatanId ?? raw.kecamatan),
    desaKelurahanId: idValue(raw.desaKelurahanId ?? raw.kelurahan ?? raw.desa_kelurahan),
    rw: typeof raw.rw === "number" ? String(raw.rw) : raw.rw,
    rt: typeof raw.rt === "number" ? String(raw.rt) : raw.rt,
  };
}

/** A REST body's `data` as (part of) the family form: snake_case head fields plus data_register. */
function toFamilyPatch(data: Record<string, unknown>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if ("data_register" in data) {
    if (!isRecord(data.data_register)) {
      throw new RestError(400, "ValidationError", "data_register harus berupa objek", {
        errors: [{ path: ["data_register"], message: "data_register harus berupa objek", name: "ValidationError" }],
      });
    }
    for (const [key, value] of Object.entries(data.data_register)) {
      if (!transientKeys.has(key)) patch[key] = key === "address" ? addressOf(value) : value;
    }
  }
  for (const [rest, form] of Object.entries(headFields)) {
    // null clears the optional e-mail and Nomor KK.
    const clearable = rest === "alamat_email" || rest === "nomor_kk";
    if (rest in data) patch[form] = clearable && data[rest] === null ? "" : data[rest];
  }
  return patch;
}

/** The body as a family form, validated by the form's own schema and messages (the service checks the rest). */
function familyForm(form: Record<string, unknown>): FamilyRegistration {
  return parseInput(familyRegistrationSchema, form);
}

/** Field errors name what the caller sent: `nik_kepala_keluarga`, `data_register.members.0.nik`. */
function restPaths(error: unknown): unknown {
  if (!(error instanceof DomainError) || !error.options.fieldErrors) return error;
  const fieldErrors = error.options.fieldErrors.map((item) => {
    // The record service nests the family under `data`; the REST body already is `data`.
    const path = item.path[0] === "data" ? item.path.slice(1) : item.path;
    const [first, ...rest] = path;
    if (first === undefined) return item;
    const head = restNames.get(first);
    if (head) return { ...item, path: [head, ...rest] };
    if (first === "status" || first === "note" || first === "reason" || first === "version") return { ...item, path };
    // Sent as a header, named as one.
    if (first === "idempotencyKey") return { ...item, path: ["Idempotency-Key"] };
    return { ...item, path: ["data_register", ...path] };
  });
  return new DomainError(error.code, error.message, { ...error.options, fieldErrors });
}

async function run<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw restPaths(error);
  }
}

function optionalText(data: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return undefined;
}

function optionalVersion(data: Record<string, unknown>): number | undefined {
  const value = data.version;
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number" && Number.isInteger(value) && value > 0) return value;
  throw new RestError(400, "ValidationError", "Invalid value for version", {
    errors: [{ path: ["version"], message: "Invalid value for version", name: "ValidationError" }],
  });
}

/**
 * `nik_confirmed: true` in a write's `data`: the caller checked the family's documents, so members
 * whose NIK disagrees with their birth date or sex are saved (otherwise 400 beside each such NIK).
 * Write-only: it is recorded in the audit trail, not stored as an attribute.
 */
function nikConfirmedOf(data: Record<string, unknown>): boolean {
  const value = data.nik_confirmed;
  if (value === undefined || value === null || typeof value === "boolean") return value === true;
  throw new RestError(400, "ValidationError", "Invalid value for nik_confirmed", {
    errors: [{ path: ["nik_confirmed"], message: "Invalid value for nik_confirmed", name: "ValidationError" }],
  });
}

const queryString = (url: string) => new URL(url).search;

/** One entry the caller may read (presented and audited by the module), else 404. */
async function entryOf(db: Db, actor: Actor, id: number, url = "") {
  const { entries } = await readRegisterEntries(db, actor, { columns, via: "rest", single: true }, async (access) => {
    const resource = resourceFor(access);
    const query = parseQuery(url, resource);
    const entry = await findOne(db, resource, id, query, access.rows);
    return { entries: entry ? [entry] : [] };
  });
  const [entry] = entries;
  if (!entry) throw restNotFound();
  return entry;
}

/** Refuses (401/403) a caller who may read no register, before the body or the id is looked at. */
function readPolicy(actor: Actor): void {
  try {
    readPolicyOf(actor);
  } catch (error) {
    // Strapi answers 403 to anyone without the permission, anonymous callers included.
    if (error instanceof DomainError && (error.code === "FORBIDDEN" || error.code === "UNAUTHORIZED")) {
      throw forbiddenError();
    }
    throw error;
  }
}

export function registersRest(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/registers", async (c) => {
    const { db } = c.var.deps;
    const url = queryString(c.req.url);
    readPolicy(c.var.actor);
    let pagination: ReturnType<typeof parseQuery>["pagination"] | null = null;
    const result = await readRegisterEntries(db, c.var.actor, { columns, via: "rest", single: false }, (access) => {
      const resource = resourceFor(access);
      const query = parseQuery(url, resource);
      pagination = query.pagination;
      // Unfiltered or narrowed by status, place or condition only, the exact total comes from the
      // rollups (plus the few cadre registrations); the page, its total and its audit row are one
      // statement.
      const { area } = readPolicyOf(c.var.actor).scope;
      const cadreForms = readsCadreForms(c.var.actor);
      return findMany(db, resource, query, access.rows, {
        totalOf: (filters) => {
          const narrowing = registerCountFilterOf(resource, filters);
          return narrowing && liveRegisterCountSql(area, { cadreForms }, narrowing);
        },
        alongside: access.alongsideInStatement,
        // The stored form goes out as stored to readers of the full view (officials get it masked).
        rawJson: access.view === "full",
        // Every live row in id order has one best plan (the live ids' index) for every page.
        planOnce: !query.filters && query.sort.length === 0 && readsEveryLiveRow(c.var.actor),
        // A filtered total is counted once and answered again until a register or region write commits.
        dataVersion: registerDataVersion,
        // A page asked again (a partner polling it) is answered from its kept rows while no write
        // has committed: the database only proves them still in scope, audits and stamps.
        keepPages: true,
      });
    });
    if (!pagination) throw new Error("registers list: no pagination parsed");
    const paging = pagination;
    const answer = () => jsonText(listBody(result, paging));
    const json = { "content-type": "application/json" };
    if (!result.keptAs) return c.body(answer(), 200, json);
    // A page read again whole: its answer is the one made for it before (kept-answers.ts).
    const shape = JSON.stringify([readPolicyOf(c.var.actor).view, paging, result.total]);
    const { body, encoding } = keptAnswer(result.keptAs, shape, c.req.header("accept-encoding"), answer);
    return c.body(oneWriteBody(body), 200, encoding ? { ...json, "content-encoding": encoding } : json);
  });

  // Another area's register answers 404 like a missing one: the id's existence is not disclosed.
  app.get("/registers/:id", async (c) => {
    const { db } = c.var.deps;
    const url = queryString(c.req.url);
    readPolicy(c.var.actor);
    const id = parseId(c.req.param("id"));
    return c.json(singleBody(await entryOf(db, c.var.actor, id, url)));
  });

  app.post("/registers", async (c) => {
    const { db } = c.var.deps;
    const actor = c.var.actor;
    // 403 for callers who may read nothing or only read, before the body or the id is looked at.
    readPolicy(actor);
    assertMayChange(actor);
    const data = await readDataPayload(c);
    // SPEC §4: both forms create SUBMITTED records; the body may name that status and no other.
    if (data.status !== undefined && data.status !== "SUBMITTED") {
      throw new RestError(400, "ValidationError", createStatusMessage, {
        errors: [{ path: ["status"], message: createStatusMessage, name: "ValidationError" }],
      });
    }
    const confirmNik = nikConfirmedOf(data);
    // A partner that sends its create again after a lost answer (same key, same body) gets the same
    // family back, not a 409 naming its own NIK.
    const idempotencyKey = c.req.header("idempotency-key");
    const created = await run(() =>
      createRecord(db, actor, { data: familyForm(toFamilyPatch(data)), confirmNik, idempotencyKey }),
    );
    return c.json(singleBody(await entryOf(db, actor, created.registerId, queryString(c.req.url))));
  });

  app.put("/registers/:id", async (c) => {
    const { db } = c.var.deps;
    const actor = c.var.actor;
    // 403 for callers who may read nothing or only read, before the body or the id is looked at.
    readPolicy(actor);
    assertMayChange(actor);
    const id = parseId(c.req.param("id"));
    const data = await readDataPayload(c);
    // Not in the caller's area, deleted or missing: 404 before anything is validated or changed.
    const current = await entryOf(db, actor, id);
    const expectedVersion = optionalVersion(data);
    const confirmNik = nikConfirmedOf(data);
    const patch = toFamilyPatch(data);
    const note = optionalText(data, "note", "reason");
    const mail = c.var.deps.env;
    if (Object.keys(patch).length > 0) {
      // Strapi's PUT changes only what it is given: the stored family with the given parts laid over it.
      const {
        formType: _formType,
        registrationDate: _date,
        ...stored
      } = isRecord(current.attributes.data_register) ? current.attributes.data_register : {};
      const version = expectedVersion ?? Number(current.attributes.version);
      // Inside run(): the form's field errors are renamed to the body's names too.
      await run(async () => {
        const edit = { registerId: id, version, data: familyForm({ ...stored, ...patch }), confirmNik };
        // With `status` too, the edit and the move are one write: a refused move saves no edit either.
        return "status" in data
          ? updateRecordAndMove(db, actor, { edit, status: data.status, note }, mail)
          : updateRecord(db, actor, edit);
      });
    } else if ("status" in data) {
      await run(() => moveToStatus(db, actor, { registerId: id, status: data.status, note, expectedVersion }, mail));
    }
    // The answer is shaped by the request's `fields` and `populate`, as in Strapi.
    return c.json(singleBody(await entryOf(db, actor, id, queryString(c.req.url))));
  });

  app.delete("/registers/:id", async (c) => {
    const { db } = c.var.deps;
    const actor = c.var.actor;
    // 403 for callers who may read nothing or only read, before the body or the id is looked at.
    readPolicy(actor);
    assertMayChange(actor);
    const id = parseId(c.req.param("id"));
    const entry = await entryOf(db, actor, id);
    // The answer is the entry as it was, shaped by the request's `fields` and `populate` when given.
    const search = queryString(c.req.url);
    const answer = search ? await entryOf(db, actor, id, search) : entry;
    // DELETE may carry `{data: {reason, version}}`; a body is optional.
    const data = (await c.req.text()).trim() === "" ? {} : await readDataPayload(c);
    const reason = optionalText(data, "reason") ?? defaultDeleteReason;
    const version = optionalVersion(data) ?? Number(entry.attributes.version);
    await run(() => deleteRecord(db, actor, { registerId: id, version, reason }));
    return c.json(singleBody(answer));
  });

  return app;
}
