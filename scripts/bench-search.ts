// `npm run bench:search [-- --runs N]`: the public status search over HTTP, p50/p95 per kind (NIK,
// registration number, whole head name within a kelurahan), against the portal started on a free
// port on DATABASE_URL (fill it first: `npm run demo:data`). Each request carries a fresh captcha
// (issued here with the run's secret) and its own client address (TRUST_PROXY), so neither the
// captcha nor the per-address limit refuses it: what is timed is the search call as a visitor makes
// it. Serial requests; numbers are reported, never asserted.
import { parseArgs } from "node:util";
import postgres from "postgres";
import { issueCaptcha } from "../server/src/services/public/captcha.ts";
import { solveCaptcha } from "./lib/captcha-solver.ts";
import { startPortal, trpcCall, waitReady } from "./lib/portal.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "300" } } });
const runs = Number(values.runs);
const url = process.env.DATABASE_URL;
if (!url) throw new Error("bench:search needs DATABASE_URL (PostgreSQL with generated families)");
const secret = "bench-search-secret-bench-search-secret-01";

const sql = postgres(url, { max: 1, onnotice: () => {} });
const samples = await sql<Array<{ nik: string; number: string; name: string; ward: number }>>`
  select nik_kepala_keluarga as nik, registration_number as number, nama_kepala_keluarga as name,
    desa_kelurahan_id as ward
  from registers where deleted_at is null and form_type = 'family_registration'
  order by id desc limit ${runs}`;
await sql.end();
if (samples.length === 0) throw new Error("no families: run npm run demo:data first");

const portal = await startPortal({ DATABASE_URL: url, APP_SECRET: secret, NODE_ENV: "production", LOG_LEVEL: "error" });
try {
  await waitReady(portal);
  let ipCounter = 0;
  const ip = () => {
    ipCounter += 1;
    return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  };
  type Sample = (typeof samples)[number];
  // Generated families carry DEMO-… numbers, which the search does not take: only REG-… ones are asked.
  const numbered = samples.filter((row) => /^REG-/.test(row.number));
  const kinds: Array<{ name: string; rows: Sample[]; input: (row: Sample) => Record<string, unknown> }> = [
    { name: "NIK", rows: samples, input: (row) => ({ query: row.nik }) },
    { name: "registration number", rows: numbered, input: (row) => ({ query: row.number }) },
    {
      name: "whole head name in a kelurahan",
      rows: samples,
      input: (row) => ({ query: row.name, desaKelurahanId: row.ward }),
    },
  ];
  console.log(`status search over HTTP, up to ${samples.length} requests per kind, serial`);
  console.log("| search by | p50 ms | p95 ms | errors |");
  console.log("|---|---:|---:|---:|");
  for (const kind of kinds) {
    if (kind.rows.length === 0) continue;
    const times: number[] = [];
    let errors = 0;
    // A few unmeasured calls first (connections, prepared statements).
    for (const row of [...kind.rows.slice(0, 10), ...kind.rows]) {
      const challenge = issueCaptcha(secret, "search");
      const captcha = { token: challenge.token, answer: solveCaptcha(challenge.question) };
      const result = await trpcCall(portal.baseUrl, "registers.searchStatus", { ...kind.input(row), captcha }, ip());
      if (result.status !== 200) errors += 1;
      times.push(result.ms);
    }
    const measured = times.slice(10).sort((a, b) => a - b);
    const at = (share: number) => measured[Math.min(measured.length - 1, Math.floor(share * measured.length))] ?? 0;
    console.log(`| ${kind.name} | ${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} | ${errors} |`);
  }
} finally {
  portal.process.kill();
  await portal.process.exited;
}
