import { Hono } from "hono";
import { desaKelurahan, kecamatan } from "../db/schema/regions.ts";
import type { AppEnv } from "../app-env.ts";
import type { Actor } from "../services/accounts/actor.ts";
import type { Db } from "../db/client.ts";
import { DomainError } from "../services/common/errors.ts";
import * as regions from "../services/regions/regions.ts";
import { listBody, parseId, readDataPayload, singleBody } from "./envelope.ts";
import { restNotFound } from "./errors.ts";
import { parseQuery } from "./query.ts";
import { findMany, findOne, type RestResource } from "./resource.ts";
import { requireAdmin } from "../services/common/access.ts";

export const kecamatanResource: RestResource = {
  table: kecamatan,
  id: kecamatan.id,
  attributes: {
    nama_kecamatan: { column: kecamatan.nama, type: "string" },
    nama: { column: kecamatan.nama, type: "string" },
    kode: { column: kecamatan.kode, type: "string" },
    createdAt: { column: kecamatan.createdAt, type: "datetime" },
    updatedAt: { column: kecamatan.updatedAt, type: "datetime" },
    // Strapi's draft & publish: nothing here is ever a draft, so an entry is published when created.
    publishedAt: { column: kecamatan.createdAt, type: "datetime" },
  },
  relations: {
    kelurahans: {
      target: () => desaKelurahanResource,
      cardinality: "many",
      localColumn: kecamatan.id,
      foreignColumn: desaKelurahan.kecamatanId,
    },
  },
};

export const desaKelurahanResource: RestResource = {
  table: desaKelurahan,
  id: desaKelurahan.id,
  attributes: {
    nama_desa_kelurahan: { column: desaKelurahan.nama, type: "string" },
    nama: { column: desaKelurahan.nama, type: "string" },
    kode: { column: desaKelurahan.kode, type: "string" },
    jenis: { column: desaKelurahan.jenis, type: "string" },
    kode_pos: { column: desaKelurahan.kodePos, type: "string" },
    luas_wilayah: { column: desaKelurahan.luasWilayah, type: "decimal" },
    jumlah_penduduk: { column: desaKelurahan.jumlahPenduduk, type: "integer" },
    createdAt: { column: desaKelurahan.createdAt, type: "datetime" },
    updatedAt: { column: desaKelurahan.updatedAt, type: "datetime" },
    publishedAt: { column: desaKelurahan.createdAt, type: "datetime" },
  },
  relations: {
    // The spec's client reads both names for the same district.
    kecamatan: {
      target: () => kecamatanResource,
      cardinality: "one",
      localColumn: desaKelurahan.kecamatanId,
      foreignColumn: kecamatan.id,
    },
    kecamatans: {
      target: () => kecamatanResource,
      cardinality: "one",
      alias: true,
      localColumn: desaKelurahan.kecamatanId,
      foreignColumn: kecamatan.id,
    },
  },
};

function queryString(url: string): string {
  return new URL(url).search;
}

// REST attribute names ↔ the service's form fields. Strapi's PUT changes only the attributes it is
// given: the service lays them over the stored row inside its transaction (patchDesaKelurahan).
const desaKelurahanFields: Record<string, string> = {
  nama_desa_kelurahan: "nama",
  nama: "nama",
  kode: "kode",
  jenis: "jenis",
  kode_pos: "kodePos",
  luas_wilayah: "luasWilayah",
  jumlah_penduduk: "jumlahPenduduk",
  kecamatan: "kecamatanId",
  kecamatans: "kecamatanId",
};
const kecamatanFields: Record<string, string> = { nama_kecamatan: "nama", nama: "nama", kode: "kode" };

/** `{kecamatan: 3}`, `{kecamatan: {id: 3}}` or `{kecamatan: {connect: [3]}}` → 3. */
function relationId(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if ("id" in value) return value.id;
  if ("connect" in value && Array.isArray(value.connect)) return relationId(value.connect[0]);
  return value;
}

function toForm(data: Record<string, unknown>, fields: Record<string, string>): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    const field = fields[name];
    if (field) form[field] = field === "kecamatanId" ? relationId(value) : value;
  }
  return form;
}

/** Field errors name the REST attribute the caller sent (kode_pos, not kodePos). */
function restPaths(error: unknown, fields: Record<string, string>): unknown {
  if (!(error instanceof DomainError) || !error.options.fieldErrors) return error;
  const names = new Map(
    Object.entries(fields)
      .filter(([name]) => name !== "nama" && name !== "kecamatans")
      .map(([name, field]) => [field, name]),
  );
  const fieldErrors = error.options.fieldErrors.map((item) => ({
    ...item,
    path: item.path.map((part) => names.get(part) ?? part),
  }));
  return new DomainError(error.code, error.message, { ...error.options, fieldErrors });
}

/** The entry a write answers with, shaped by the request's `fields` and `populate` as Strapi does. */
async function entryOf(db: Db, resource: RestResource, id: number, url?: string) {
  const { fields, populate } = url ? parseQuery(queryString(url), resource) : { fields: null, populate: [] };
  const entry = await findOne(db, resource, id, { fields, populate });
  if (!entry) throw restNotFound();
  return entry;
}

interface Writes {
  fields: Record<string, string>;
  create: (db: Db, actor: Actor, form: Record<string, unknown>) => Promise<{ id: number }>;
  /** Changes only the given fields. */
  patch: (db: Db, actor: Actor, id: number, change: Record<string, unknown>) => Promise<{ id: number }>;
  remove: (db: Db, actor: Actor, id: number) => Promise<{ id: number }>;
}

const desaKelurahanWrites: Writes = {
  fields: desaKelurahanFields,
  create: regions.createDesaKelurahan,
  patch: regions.patchDesaKelurahan,
  remove: regions.deleteDesaKelurahan,
};

const kecamatanWrites: Writes = {
  fields: kecamatanFields,
  create: regions.createKecamatan,
  patch: regions.patchKecamatan,
  remove: regions.deleteKecamatan,
};

/** POST, PUT and DELETE: parse, call the service (which checks the admin role), answer like Strapi. */
function mountWrites(app: Hono<AppEnv>, path: string, resource: RestResource, writes: Writes) {
  const run = async <T>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      throw restPaths(error, writes.fields);
    }
  };
  // Permission first, as Strapi's route policies run before the controller reads the body: a
  // caller who may not write learns nothing from a 400 about its payload.
  app.post(path, async (c) => {
    const { db } = c.var.deps;
    requireAdmin(c.var.actor);
    const form = toForm(await readDataPayload(c), writes.fields);
    const created = await run(() => writes.create(db, c.var.actor, form));
    return c.json(singleBody(await entryOf(db, resource, created.id, c.req.url)));
  });
  app.put(`${path}/:id`, async (c) => {
    const { db } = c.var.deps;
    requireAdmin(c.var.actor);
    const id = parseId(c.req.param("id"));
    const data = await readDataPayload(c);
    await entryOf(db, resource, id);
    await run(() => writes.patch(db, c.var.actor, id, toForm(data, writes.fields)));
    return c.json(singleBody(await entryOf(db, resource, id, c.req.url)));
  });
  app.delete(`${path}/:id`, async (c) => {
    const { db } = c.var.deps;
    requireAdmin(c.var.actor);
    const id = parseId(c.req.param("id"));
    const entry = await entryOf(db, resource, id, c.req.url);
    await run(() => writes.remove(db, c.var.actor, id));
    return c.json(singleBody(entry));
  });
}

/** Strapi-style read and write routes for districts and villages/wards. */
export function regionsRest(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const [path, resource] of [
    ["/kecamatans", kecamatanResource],
    ["/desa-kelurahans", desaKelurahanResource],
  ] as const) {
    app.get(path, async (c) => {
      const query = parseQuery(queryString(c.req.url), resource);
      return c.json(listBody(await findMany(c.var.deps.db, resource, query), query.pagination));
    });
    app.get(`${path}/:id`, async (c) => {
      const id = parseId(c.req.param("id"));
      const query = parseQuery(queryString(c.req.url), resource);
      const entry = await findOne(c.var.deps.db, resource, id, query);
      if (!entry) throw restNotFound();
      return c.json(singleBody(entry));
    });
  }
  mountWrites(app, "/kecamatans", kecamatanResource, kecamatanWrites);
  mountWrites(app, "/desa-kelurahans", desaKelurahanResource, desaKelurahanWrites);
  return app;
}
