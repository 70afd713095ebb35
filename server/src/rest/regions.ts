import { Hono } from "hono";
import { desaKelurahan, kecamatan } from "../db/schema/regions.ts";
import type { AppEnv } from "../app-env.ts";
import { listBody, parseId, singleBody } from "./envelope.ts";
import { restNotFound } from "./errors.ts";
import { parseQuery } from "./query.ts";
import { findMany, findOne, type RestResource } from "./resource.ts";

export const kecamatanResource: RestResource = {
  table: kecamatan,
  id: kecamatan.id,
  attributes: {
    nama_kecamatan: { column: kecamatan.nama, type: "string" },
    nama: { column: kecamatan.nama, type: "string" },
    kode: { column: kecamatan.kode, type: "string" },
    createdAt: { column: kecamatan.createdAt, type: "datetime" },
    updatedAt: { column: kecamatan.updatedAt, type: "datetime" },
  },
  relations: {
    kelurahans: { target: () => desaKelurahanResource, cardinality: "many", localColumn: kecamatan.id, foreignColumn: desaKelurahan.kecamatanId },
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
  },
  relations: {
    // The spec's client reads both names for the same district.
    kecamatan: { target: () => kecamatanResource, cardinality: "one", localColumn: desaKelurahan.kecamatanId, foreignColumn: kecamatan.id },
    kecamatans: { target: () => kecamatanResource, cardinality: "one", localColumn: desaKelurahan.kecamatanId, foreignColumn: kecamatan.id },
  },
};

function queryString(url: string): string {
  return new URL(url).search;
}

/** Read routes for regions; writes are added with the admin region management. */
export function regionsRest(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const [path, resource] of [["/kecamatans", kecamatanResource], ["/desa-kelurahans", desaKelurahanResource]] as const) {
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
  return app;
}
