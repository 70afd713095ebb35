// `bun scripts/bench-db.ts [families]`: the database budgets of DESIGN §9, measured on the configured
// database (DATABASE_URL → PostgreSQL, else PGlite under DATA_DIR). Tops the data up to `families`
// generated families (timing the generator), then times the portal's own service calls.
// Prints numbers; it never fails on them (budgets are reported, not asserted).
import { and, asc, count, eq, max, sql } from "drizzle-orm";
import { generateFamilies } from "../server/src/demo/bulk-families.ts";
import { openConfiguredDatabase } from "../server/src/db/open.ts";
import { familyMembers, registers } from "../server/src/db/schema/registers.ts";
import { desaKelurahan } from "../server/src/db/schema/regions.ts";
import { users } from "../server/src/db/schema/users.ts";
import { seedDatabase } from "../server/src/seed.ts";
import { getEnv } from "../server/src/env.ts";
import { createLogger } from "../server/src/log.ts";
import { findStatus } from "../server/src/services/registers/search.ts";
import { computePublicStats } from "../server/src/services/figures/stats.ts";
import { queue } from "../server/src/services/registers/workflow.ts";

const target = Number(process.argv[2] ?? 100_000);
const env = getEnv();
const handle = await openConfiguredDatabase(env);
const { db } = handle;
await handle.migrate();
await seedDatabase(db, env, createLogger("warn"));

const [existing] = await db.select({ total: count(), last: max(registers.id) }).from(registers);
const missing = target - (existing?.total ?? 0);
if (missing > 0) {
  const started = performance.now();
  await generateFamilies(db, {
    families: missing,
    firstSerial: 10_000_000 + (existing?.last ?? 0) * 2,
    onProgress: (done) => {
      if (done % 100_000 === 0) console.log(`  generated ${done.toLocaleString("en")} …`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `generation: ${missing.toLocaleString("en")} families in ${seconds.toFixed(1)} s = ${Math.round(missing / seconds).toLocaleString("en")} families/s`,
  );
  await db.execute(sql`analyze`);
}
const [total] = await db.select({ total: count() }).from(registers);
console.log(`database: ${handle.kind}, ${total?.total.toLocaleString("en")} registers`);

async function time(label: string, runs: number, call: (index: number) => Promise<unknown>): Promise<void> {
  await call(0);
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await call(index + 1);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  console.log(
    `${label.padEnd(44)} p50 ${at(0.5).toFixed(2).padStart(8)} ms   p95 ${at(0.95).toFixed(2).padStart(8)} ms`,
  );
}

const niks = (await db.select({ nik: familyMembers.nik }).from(familyMembers).orderBy(sql`random()`).limit(200)).map(
  (row) => row.nik,
);
const [sample] = await db
  .select({ name: registers.namaKepalaKeluarga, ward: registers.desaKelurahanId })
  .from(registers)
  .orderBy(sql`random()`)
  .limit(1);
const [ward] = await db.select().from(desaKelurahan).orderBy(asc(desaKelurahan.kode)).limit(1);
const [cadre] = await db
  .select()
  .from(users)
  .where(and(eq(users.role, "kader"), eq(users.level, "kelurahan")));
const [admin] = await db.select().from(users).where(eq(users.role, "admin"));
if (!ward || !cadre || !admin) throw new Error("demo accounts missing: run with DEMO_DATA=true");
const { passwordHash: _a, ...kelurahanCadre } = cadre;
const { passwordHash: _b, ...adminUser } = admin;

await time("status search by NIK (head or member)", 200, (index) => findStatus(db, niks[index % niks.length] ?? ""));
await time(`selective name search ("${sample?.name}")`, 50, () =>
  findStatus(db, sample?.name ?? "Budi", sample?.ward ?? undefined),
);
await time('common-name search ("Budi", one kelurahan)', 20, () => findStatus(db, "Budi", sample?.ward ?? undefined));
await time("validation list page (kelurahan cadre)", 50, (index) =>
  queue(db, { user: kelurahanCadre, ip: "bench" }, { status: "all", page: 1 + (index % 5) }),
);
await time("validation list page (admin, city-wide)", 20, (index) =>
  queue(db, { user: adminUser, ip: "bench" }, { status: "all", page: 1 + (index % 5) }),
);
await time("city figures, uncached (landing statistics)", 10, () => computePublicStats(db));
await handle.close();
