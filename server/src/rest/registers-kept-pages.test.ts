// A REST list page asked again while nothing it shows has changed is answered from its kept rows
// (page-cache.ts): the database only reads the kept ids again within the caller's scope, with the
// read's audit row and the token's stamp. What a caller sees must be what a fresh read gives: every
// write that commits in between is seen at once, a revoked token is refused, another reader's
// scope and masks are its own, and every answer is audited with the ids it showed.
import { gunzipSync } from "node:zlib";
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { maskNik } from "@shared/mask.ts";
import type { StrapiEntry } from "@shared/strapi.ts";
import { apiTokens } from "../db/schema/auth-tokens.ts";
import { ONE_WRITE_FROM_BYTES } from "../http/one-write.ts";
import { desaKelurahan } from "../db/schema/regions.ts";
import { registers } from "../db/schema/registers.ts";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister, ward } from "../../test/factories.ts";
import { useTestApp } from "../../test/helpers.ts";
import { apiToken, cookieOf, lastAuditId, registerReadsSince, restCall } from "../../test/rest.ts";
import { appOn, watchedDb } from "../../test/watched-db.ts";

const t = useTestApp();

const ids = (json: { data: StrapiEntry[] }) => json.data.map((entry) => entry.id);

/** A bearer GET with headers of its own, its Response as the app gives it (not decoded). */
const rawCall = (path: string, reader: { bearer: string }, headers: Record<string, string>) =>
  t.app.request(`/api${path}`, { headers: { authorization: `Bearer ${reader.bearer}`, ...headers } });

/** `n` families in ward `index` (0: the first ward of the first kecamatan), in id order. */
async function families(n: number, wardIndex = 0): Promise<number[]> {
  const made: number[] = [];
  for (let count = 0; count < n; count += 1) made.push((await createFamilyRegister(t.db, { wardIndex })).id);
  return made;
}

/** The app on a database that writes down every statement's text (for what a request sent). */
function watched() {
  const texts: string[] = [];
  return {
    app: appOn(
      t,
      watchedDb(t.db, async () => {}, texts),
    ),
    texts,
  };
}

describe("REST list pages kept between reads", () => {
  test("a page asked a third time is the same answer, audited again with its ids, from a statement that reads no form", async () => {
    const made = await families(3);
    const reader = await apiToken(t, "read-only");
    const { app, texts } = watched();
    const path = "/registers?pagination[pageSize]=2&sort=id:desc";
    // A token's first use is proven by a statement of its own, its later reads in their page's.
    await restCall(app, "GET", "/registers?pagination[pageSize]=1", reader);
    const since = await lastAuditId(t);
    const first = await restCall(app, "GET", path, reader);
    expect(first.status).toBe(200);
    expect(ids(first.json)).toEqual([...made].reverse().slice(0, 2));
    // Read once, a page is not kept (a client walking a list reads each page once); read again, it is.
    const second = await restCall(app, "GET", path, reader);
    expect(second.json).toEqual(first.json);
    const sentBefore = texts.length;
    const third = await restCall(app, "GET", path, reader);
    expect(third.status).toBe(200);
    expect(third.json).toEqual(first.json);
    // The third answer came from one statement that never built an entry's attributes.
    const sentThird = texts.slice(sentBefore);
    expect(sentThird).toHaveLength(1);
    expect(sentThird[0]).not.toContain("json_build_object");
    expect(sentThird[0]).not.toContain("data_register");
    const reads = await registerReadsSince(t, since);
    expect(reads.map((row) => row.details)).toEqual(
      [first, second, third].map(() => expect.objectContaining({ ids: ids(first.json) })),
    );
  });

  test("a write committed between two reads is seen at once: an edited name, a new family, a deleted one", async () => {
    const [oldest = 0, middle = 0] = await families(2);
    const reader = await apiToken(t, "read-only");
    const path = "/registers?pagination[pageSize]=100&sort=id:asc";
    // Read twice: the page is kept, and each read after a write must not be answered from it.
    await restCall(t, "GET", path, reader);
    const before = await restCall(t, "GET", path, reader);
    const total = before.json.meta.pagination.total;
    await t.db.update(registers).set({ namaKepalaKeluarga: "Nama Baru Sekali" }).where(eq(registers.id, oldest));
    const renamed = await restCall(t, "GET", path, reader);
    const entry = renamed.json.data.find((item: StrapiEntry) => item.id === oldest);
    expect(entry?.attributes.nama_kepala_keluarga).toBe("Nama Baru Sekali");

    const [added = 0] = await families(1);
    const grown = await restCall(t, "GET", path, reader);
    expect(grown.json.meta.pagination.total).toBe(total + 1);
    expect(ids(grown.json)).toContain(added);

    await t.db.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, middle));
    const shrunk = await restCall(t, "GET", path, reader);
    expect(shrunk.json.meta.pagination.total).toBe(total);
    expect(ids(shrunk.json)).not.toContain(middle);
  });

  test("a filtered page keeps its total with it, and counts again after a write", async () => {
    await families(2);
    const reader = await apiToken(t, "read-only");
    const path = "/registers?filters[status][$eq]=SUBMITTED&pagination[pageSize]=1";
    const first = await restCall(t, "GET", path, reader);
    const total = first.json.meta.pagination.total;
    expect(total).toBeGreaterThanOrEqual(2);
    for (const _ of [1, 2]) expect((await restCall(t, "GET", path, reader)).json).toEqual(first.json);
    await t.db
      .update(registers)
      .set({ status: "RT_VERIFIED" })
      .where(eq(registers.id, ids(first.json)[0] ?? 0));
    const after = await restCall(t, "GET", path, reader);
    expect(after.json.meta.pagination.total).toBe(total - 1);
    expect(ids(after.json)).not.toEqual(ids(first.json));
  });

  test("a token revoked after its page was kept is refused (401) and reads nothing", async () => {
    await families(1);
    const reader = await apiToken(t, "read-only");
    const path = "/registers?pagination[pageSize]=5";
    for (const _ of [1, 2, 3]) expect((await restCall(t, "GET", path, reader)).status).toBe(200);
    await t.db.update(apiTokens).set({ revokedAt: new Date() });
    const since = await lastAuditId(t);
    const refused = await restCall(t, "GET", path, reader);
    expect(refused.status).toBe(401);
    expect(await registerReadsSince(t, since)).toHaveLength(0);
  });

  test("a kelurahan cadre's kept page is theirs: another ward's cadre reads their own, and a family moved away leaves it", async () => {
    const [stays = 0, moves = 0] = await families(2, 0);
    const [other = 0] = await families(1, 1);
    const here = await cookieOf(t, await createCadre(t.db, "kelurahan"));
    const otherWard = await ward(t.db, 1);
    const there = await cookieOf(t, await createCadre(t.db, "kelurahan", { wardIndex: 1 }));
    const path = "/registers?pagination[pageSize]=100&sort=id:asc";
    for (const _ of [1, 2, 3]) {
      const mine = ids((await restCall(t, "GET", path, here)).json);
      expect(mine).toEqual(expect.arrayContaining([stays, moves]));
      expect(mine).not.toContain(other);
    }
    const theirs = ids((await restCall(t, "GET", path, there)).json);
    expect(theirs).toContain(other);
    expect(theirs).not.toContain(stays);
    await t.db
      .update(registers)
      .set({ desaKelurahanId: otherWard.id, kecamatanId: otherWard.kecamatanId })
      .where(eq(registers.id, moves));
    const after = ids((await restCall(t, "GET", path, here)).json);
    expect(after).toContain(stays);
    expect(after).not.toContain(moves);
  });

  test("an official's page asked again is masked once, as the first time, without health data", async () => {
    const [id = 0] = await families(1);
    const [row] = await t.db.select().from(registers).where(eq(registers.id, id));
    const aparat = await cookieOf(t, await createCadre(t.db, "kelurahan", {}, { role: "aparat" }));
    const path = "/registers?pagination[pageSize]=100&sort=id:desc";
    const first = await restCall(t, "GET", path, aparat);
    await restCall(t, "GET", path, aparat);
    await restCall(t, "GET", path, aparat);
    // From the fourth read on, the answer made for the kept page is given again (kept-answers.ts).
    const again = await restCall(t, "GET", path, aparat);
    expect(again.text).toBe(first.text);
    const entry = again.json.data.find((item: StrapiEntry) => item.id === id);
    expect(entry?.attributes.nik_kepala_keluarga).toBe(maskNik(row?.nikKepalaKeluarga ?? ""));
    expect(entry?.attributes).not.toHaveProperty("pregnant_count");
  });

  test("a page read again and again is the first answer byte for byte, plain or gzipped, every read audited", async () => {
    await families(3);
    const reader = await apiToken(t, "read-only");
    const path = "/registers?pagination[pageSize]=2&sort=id:desc";
    const since = await lastAuditId(t);
    const first = await restCall(t, "GET", path, reader);
    for (const _ of [1, 2, 3, 4]) expect((await restCall(t, "GET", path, reader)).text).toBe(first.text);
    for (const _ of [1, 2]) {
      const zipped = await rawCall(path, reader, { "accept-encoding": "gzip, deflate" });
      expect(zipped.headers.get("content-encoding")).toBe("gzip");
      expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
      expect(zipped.headers.get("content-type")).toStartWith("application/json");
      expect(gunzipSync(new Uint8Array(await zipped.arrayBuffer())).toString("utf8")).toBe(first.text);
    }
    // A client that refuses gzip gets the answer as it is.
    const refusing = await rawCall(path, reader, { "accept-encoding": "gzip;q=0, identity" });
    expect(refusing.headers.get("content-encoding")).toBeNull();
    expect(await refusing.text()).toBe(first.text);
    const reads = await registerReadsSince(t, since);
    expect(reads).toHaveLength(8);
    for (const read of reads) expect(read.details).toEqual(expect.objectContaining({ ids: ids(first.json) }));
  });

  test("over a socket, a large kept page goes out in one write as the same bytes every time", async () => {
    // Sent from the kept bytes as a one-chunk stream (http/one-write.ts): Bun must not take the
    // bytes away from the page when it sends them.
    await families(12);
    const reader = await apiToken(t, "read-only");
    const path = "/api/registers?pagination[pageSize]=12&sort=id:asc";
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => t.app.fetch(request) });
    try {
      const read = (encoding: string) =>
        fetch(`http://127.0.0.1:${server.port}${path}`, {
          headers: { authorization: `Bearer ${reader.bearer}`, "accept-encoding": encoding },
          decompress: false,
        });
      const first = await (await read("identity")).text();
      expect(new TextEncoder().encode(first).byteLength).toBeGreaterThan(ONE_WRITE_FROM_BYTES);
      expect(JSON.parse(first).data).toHaveLength(12);
      for (const _ of [1, 2, 3]) {
        const again = await read("identity");
        expect(again.headers.get("transfer-encoding")).toBe("chunked");
        expect(await again.text()).toBe(first);
        const zipped = await read("gzip");
        expect(zipped.headers.get("content-encoding")).toBe("gzip");
        expect(gunzipSync(new Uint8Array(await zipped.arrayBuffer())).toString("utf8")).toBe(first);
      }
    } finally {
      await server.stop(true);
    }
  });

  test("a write after the answer was kept is seen at once, and its new answer is kept in turn", async () => {
    const [renamed = 0] = await families(2);
    const reader = await apiToken(t, "read-only");
    const path = "/registers?pagination[pageSize]=100&sort=id:asc";
    for (const _ of [1, 2, 3, 4]) await restCall(t, "GET", path, reader);
    await t.db.update(registers).set({ namaKepalaKeluarga: "Nama Sesudah" }).where(eq(registers.id, renamed));
    for (const _ of [1, 2, 3, 4, 5]) {
      const after = await restCall(t, "GET", path, reader);
      const entry = after.json.data.find((item: StrapiEntry) => item.id === renamed);
      expect(entry?.attributes.nama_kepala_keluarga).toBe("Nama Sesudah");
    }
  });

  test("the same rows asked by page and by start/limit each answer their own pagination", async () => {
    await families(3);
    const reader = await apiToken(t, "read-only");
    const byPage = "/registers?pagination[page]=1&pagination[pageSize]=2&sort=id:desc";
    const byStart = "/registers?pagination[start]=0&pagination[limit]=2&sort=id:desc";
    for (const _ of [1, 2, 3, 4]) {
      const paged = await restCall(t, "GET", byPage, reader);
      const started = await restCall(t, "GET", byStart, reader);
      expect(ids(started.json)).toEqual(ids(paged.json));
      const total = paged.json.meta.pagination.total;
      expect(paged.json.meta.pagination).toEqual({ page: 1, pageSize: 2, pageCount: Math.ceil(total / 2), total });
      expect(started.json.meta.pagination).toEqual({ start: 0, limit: 2, total });
    }
  });

  test("a renamed ward is seen at once in a page that populates it", async () => {
    const [id = 0] = await families(1);
    const reader = await apiToken(t, "read-only");
    const path = `/registers?filters[id][$eq]=${id}&populate=desa_kelurahan`;
    const first = await restCall(t, "GET", path, reader);
    const wardId = first.json.data[0]?.attributes.desa_kelurahan.data.id;
    for (const _ of [1, 2]) await restCall(t, "GET", path, reader);
    await t.db.update(desaKelurahan).set({ nama: "Kelurahan Berganti Nama" }).where(eq(desaKelurahan.id, wardId));
    const after = await restCall(t, "GET", path, reader);
    expect(after.json.data[0]?.attributes.desa_kelurahan.data.attributes.nama).toBe("Kelurahan Berganti Nama");
  });

  test("reads at the same time as writes: every answer is one state's, audited; the last equals a fresh read", async () => {
    const [renamed = 0] = await families(2);
    const reader = await apiToken(t, "read-only");
    const path = "/registers?pagination[pageSize]=100&sort=id:desc";
    const names = ["Nama Awal", ...Array.from({ length: 5 }, (_, index) => `Nama Ganti ${index + 1}`)];
    await t.db.update(registers).set({ namaKepalaKeluarga: names[0] }).where(eq(registers.id, renamed));
    const since = await lastAuditId(t);
    const writes = (async () => {
      for (const name of names.slice(1)) {
        await Bun.sleep(5);
        await t.db.update(registers).set({ namaKepalaKeluarga: name }).where(eq(registers.id, renamed));
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        await Bun.sleep(index);
        return restCall(t, "GET", path, reader);
      }),
    );
    await writes;
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const entry = answer.json.data.find((item: StrapiEntry) => item.id === renamed);
      expect(names).toContain(entry?.attributes.nama_kepala_keluarga);
    }
    expect(await registerReadsSince(t, since)).toHaveLength(answers.length);
    const last = await restCall(t, "GET", path, reader);
    // Another handle on the same database keeps no page: what a first read gives.
    const fresh = await restCall(
      appOn(
        t,
        watchedDb(t.db, async () => {}, []),
      ),
      "GET",
      path,
      reader,
    );
    expect(last.json).toEqual(fresh.json);
    const entry = last.json.data.find((item: StrapiEntry) => item.id === renamed);
    expect(entry?.attributes.nama_kepala_keluarga).toBe(names.at(-1));
  });
});
