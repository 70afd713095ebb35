// PGlite is patched at install time (patches/@electric-sql+pglite+0.5.16.patch, patch-package): its
// protocol reader decoded every text field from a copy of its bytes (ArrayBuffer.slice, then
// TextDecoder), 8% of the embedded server's CPU under the REST list; the patch decodes them where
// they lie. Each field must still read exactly as written.
import { afterAll, beforeAll, expect, spyOn, test } from "bun:test";
import { PGlite } from "@electric-sql/pglite";

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create();
  await db.exec("create table notes (id integer primary key, body text)");
});

afterAll(async () => {
  await db.close();
});

test("text fields read back exactly: accents, emoji, empty, null and 100 KB", async () => {
  const bodies = [
    "Budi Santoso",
    "Ñoño Dewi – RT 001/RW 002",
    "Ibu hamil 👩‍👧 dan balita",
    "",
    null,
    "x".repeat(100_000),
    "Catatan kader: KK sudah diverifikasi\nbaris kedua",
  ];
  for (const [index, body] of bodies.entries()) {
    await db.query("insert into notes (id, body) values ($1, $2)", [index, body]);
  }
  const rows = await db.query<{ id: number; body: string | null }>("select id, body from notes order by id");
  expect(rows.rows.map((row) => row.body)).toEqual(bodies);
  const arrays = await db.query("select body, id::text from notes order by id", [], { rowMode: "array" });
  expect(arrays.rows).toEqual(bodies.map((body, index) => [body, String(index)]));
});

test("text fields are decoded where they lie, not from a copy each", async () => {
  const slices = spyOn(ArrayBuffer.prototype, "slice");
  try {
    const result = await db.query<{ label: string }>(
      "select 'keluarga ' || n as label from generate_series(1, 1000) as n",
    );
    expect(result.rows).toHaveLength(1000);
    expect(result.rows[999]?.label).toBe("keluarga 1000");
    // One copy of the answer as it arrives (the parser keeps it), not one per field.
    expect(slices.mock.calls.length).toBeLessThan(20);
  } finally {
    slices.mockRestore();
  }
});
