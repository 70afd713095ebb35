// /api/registers (SPEC §7 "Registers", DESIGN §7): Strapi-shaped reads limited to the caller's area,
// never anonymous, each read audited; writes go through the cadre workspace's record service
// (services/registers/records.ts) and status moves through workflow.ts, like the screens.
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import type { StrapiEntry } from "@shared/strapi.ts";
import type { AppEnv } from "../app-env.ts";
import type { Db } from "../db/client.ts";
import { registers } from "../db/schema/registers.ts";
import { authorityOf, type Actor } from "../services/accounts/actor.ts";
import { audit } from "../services/audit/audit-log.ts";
import { DomainError } from "../services/common/errors.ts";
import { createRecord, deleteRecord, updateRecord } from "../services/registers/records.ts";
import { moveToStatus } from "../services/registers/workflow.ts";
import { scopeCondition, scopeOf } from "../services/registers/scope.ts";
import { listBody, parseId, readDataPayload, singleBody } from "./envelope.ts";
import { RestError, restNotFound } from "./errors.ts";
import { parseQuery } from "./query.ts";
import { desaKelurahanResource, kecamatanResource } from "./regions.ts";
import { findMany, findOne, type RestResource } from "./resource.ts";
import { familyRegistrationSchema, type FamilyRegistration } from "@shared/schemas/family.ts";
import { parseInput } from "../services/common/input.ts";

// Private columns (consent, creator, soft-delete bookkeeping) are not listed, so no query reaches them.
export const registerResource: RestResource = {
  table: registers,
  id: registers.id,
  attributes: {
    nama_kepala_keluarga: { column: registers.namaKepalaKeluarga, type: "string" },
    nik_kepala_keluarga: { column: registers.nikKepalaKeluarga, type: "string" },
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
  },
  relations: {
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
  },
};

const forbiddenError = () => new RestError(403, "ForbiddenError", "Forbidden");
export const createStatusMessage = "Data baru selalu dibuat dengan status SUBMITTED";
export const defaultDeleteReason = "Dihapus melalui API";

/**
 * The rows a caller may read: its area (scope.ts; API tokens city-wide), never soft-deleted rows.
 * Cadre account registrations hold cadres' own data and are read only with admin-wide authority.
 */
function readableRows(actor: Actor): SQL {
  const scope = scopeOf(actor);
  if (scope.area.kind === "none") throw forbiddenError();
  const familiesOnly = authorityOf(actor) === "user" ? eq(registers.formType, "family_registration") : undefined;
  return and(scopeCondition(scope.area), isNull(registers.deletedAt), familiesOnly) ?? scopeCondition(scope.area);
}

/** One audit row per request that returned personal data, naming ids (never NIKs). */
async function auditRead(db: Db, actor: Actor, entries: StrapiEntry[], single: boolean): Promise<void> {
  if (entries.length === 0) return;
  const ids = entries.map((entry) => entry.id);
  await audit(db, actor, {
    action: "read",
    entity: "registers",
    entityId: single ? (ids[0] ?? null) : null,
    details: { via: "rest", ids },
  });
}

// REST attribute names ↔ the family form of shared/src/schemas/family.ts.
const headFields: Record<string, string> = {
  nama_kepala_keluarga: "namaKepalaKeluarga",
  nik_kepala_keluarga: "nikKepalaKeluarga",
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
    if (rest in data) patch[form] = rest === "alamat_email" && data[rest] === null ? "" : data[rest];
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

const queryString = (url: string) => new URL(url).search;

export function registersRest(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/registers", async (c) => {
    const { db } = c.var.deps;
    const actor = c.var.actor;
    const rows = readableRows(actor);
    const query = parseQuery(queryString(c.req.url), registerResource);
    const result = await findMany(db, registerResource, query, rows);
    await auditRead(db, actor, result.entries, false);
    return c.json(listBody(result, query.pagination));
  });

  // Another area's register answers 404 like a missing one: the id's existence is not disclosed.
  app.get("/registers/:id", async (c) => {
    const { db } = c.var.deps;
    const actor = c.var.actor;
    const rows = readableRows(actor);
    const id = parseId(c.req.param("id"));
    const query = parseQuery(queryString(c.req.url), registerResource);
    const entry = await findOne(db, registerResource, id, query, rows);
    if (!entry) throw restNotFound();
    await auditRead(db, actor, [entry], true);
    return c.json(singleBody(entry));
  });

  // `url`: the answer of a write is shaped by its `fields` and `populate`, as in Strapi.
  const entryOf = async (db: Db, actor: Actor, id: number, url?: string) => {
    const { fields, populate } = url ? parseQuery(queryString(url), registerResource) : { fields: null, populate: [] };
    const entry = await findOne(db, registerResource, id, { fields, populate }, readableRows(actor));
    if (!entry) throw restNotFound();
    return entry;
  };

  app.post("/registers", async (c) => {
    const { db } = c.var.deps;
    const actor = c.var.actor;
    // 403 for callers who may read nothing, before the body or the id is looked at.
    readableRows(actor);
    const data = await readDataPayload(c);
    // SPEC §4: both forms create SUBMITTED records; the body may name that status and no other.
    if (data.status !== undefined && data.status !== "SUBMITTED") {
      throw new RestError(400, "ValidationError", createStatusMessage, {
        errors: [{ path: ["status"], message: createStatusMessage, name: "ValidationError" }],
      });
    }
    const created = await run(() => createRecord(db, actor, { data: familyForm(toFamilyPatch(data)) }));
    return c.json(singleBody(await entryOf(db, actor, created.registerId, c.req.url)));
  });

  app.put("/registers/:id", async (c) => {
    const { db } = c.var.deps;
    const actor = c.var.actor;
    // 403 for callers who may read nothing, before the body or the id is looked at.
    readableRows(actor);
    const id = parseId(c.req.param("id"));
    const data = await readDataPayload(c);
    // Not in the caller's area, deleted or missing: 404 before anything is validated or changed.
    const current = await entryOf(db, actor, id);
    let expectedVersion = optionalVersion(data);
    const patch = toFamilyPatch(data);
    if (Object.keys(patch).length > 0) {
      // Strapi's PUT changes only what it is given: the stored family with the given parts laid over it.
      const {
        formType: _formType,
        registrationDate: _date,
        ...stored
      } = isRecord(current.attributes.data_register) ? current.attributes.data_register : {};
      const version = expectedVersion ?? Number(current.attributes.version);
      const updated = await run(() =>
        updateRecord(db, actor, { registerId: id, version, data: familyForm({ ...stored, ...patch }) }),
      );
      expectedVersion = updated.version;
    }
    if ("status" in data) {
      const note = optionalText(data, "note", "reason");
      await run(() => moveToStatus(db, actor, { registerId: id, status: data.status, note, expectedVersion }));
    }
    return c.json(singleBody(await entryOf(db, actor, id, c.req.url)));
  });

  app.delete("/registers/:id", async (c) => {
    const { db } = c.var.deps;
    const actor = c.var.actor;
    // 403 for callers who may read nothing, before the body or the id is looked at.
    readableRows(actor);
    const id = parseId(c.req.param("id"));
    const entry = await entryOf(db, actor, id);
    const answer = await entryOf(db, actor, id, c.req.url);
    // DELETE may carry `{data: {reason, version}}`; a body is optional.
    const data = (await c.req.text()).trim() === "" ? {} : await readDataPayload(c);
    const reason = optionalText(data, "reason") ?? defaultDeleteReason;
    const version = optionalVersion(data) ?? Number(entry.attributes.version);
    await run(() => deleteRecord(db, actor, { registerId: id, version, reason }));
    return c.json(singleBody(answer));
  });

  return app;
}
