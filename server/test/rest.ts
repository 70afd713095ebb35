// Calls to the REST adapter through the Hono app, as a cadre (session cookie), a third party
// (bearer token) or nobody, plus the spec's create body for a family.
import { and, desc, eq, sql } from "drizzle-orm";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { auditLog } from "../src/db/schema/audit.ts";
import type { UserRow } from "../src/db/schema/users.ts";
import { callerFor, createUser, sessionCookieFor, TEST_ORIGIN, type TestContext } from "./helpers.ts";

export type RestAuth = { cookie: string } | { bearer: string } | null;

export async function restCall(
  t: TestContext,
  method: string,
  path: string,
  auth: RestAuth,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
) {
  const headers: Record<string, string> = { ...extraHeaders };
  if (auth && "cookie" in auth) {
    headers.cookie = auth.cookie;
    if (method !== "GET") headers.origin = TEST_ORIGIN;
  }
  if (auth && "bearer" in auth) headers.authorization = `Bearer ${auth.bearer}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await t.app.request(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) };
}

export const cookieOf = async (t: TestContext, user: UserRow): Promise<RestAuth> => ({
  cookie: await sessionCookieFor(t.db, user.id),
});

export async function apiToken(t: TestContext, access: "read-only" | "full-access"): Promise<{ bearer: string }> {
  const admin = await createUser(t.db, { role: "admin" });
  const created = await callerFor(t, admin).users.createApiToken({ name: `Mitra ${access}`, access });
  return { bearer: created.token };
}

/**
 * The spec's create body: snake_case head fields, data_register with address{rt, rw, kelurahan,
 * kecamatan} and the spec client's captcha (ignored by the server), status SUBMITTED.
 */
export function restBody(form: FamilyRegistration, extra: Record<string, unknown> = {}) {
  const { namaKepalaKeluarga, nikKepalaKeluarga, nomorHp, alamatEmail, tanggalPendataan, address, ...rest } = form;
  return {
    data: {
      nama_kepala_keluarga: namaKepalaKeluarga,
      nik_kepala_keluarga: nikKepalaKeluarga,
      nomor_hp: nomorHp,
      alamat_email: alamatEmail,
      tanggal_pendataan: tanggalPendataan,
      data_register: {
        ...rest,
        address: { kecamatan: address.kecamatanId, kelurahan: address.desaKelurahanId, rw: address.rw, rt: address.rt },
        captcha: "7",
      },
      status: "SUBMITTED",
      ...extra,
    },
  };
}

/** The audit rows of register reads written after the row `id`, oldest first. */
export async function registerReadsSince(t: TestContext, id: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "register.read"), sql`${auditLog.id} > ${id}`))
    .orderBy(auditLog.id);
}

/** The newest audit row's id (0 when there is none). */
export async function lastAuditId(t: TestContext): Promise<number> {
  const [row] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row?.id ?? 0;
}
