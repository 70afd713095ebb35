import type { PublicUser, SignedInUser } from "@shared/schemas/auth.ts";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { users } from "../../db/schema/users.ts";

/**
 * The session's user with the names of their kecamatan and ward, in one read: what the signed-in
 * header shows, so it never waits for the region lists (two more requests, and a line that
 * arrived late).
 */
export async function withAreaNames(db: DbOrTx, user: PublicUser): Promise<SignedInUser> {
  const [area] = await db
    .select({
      kecamatanNama: kecamatan.nama,
      desaKelurahanNama: desaKelurahan.nama,
      desaKelurahanJenis: desaKelurahan.jenis,
    })
    .from(users)
    .leftJoin(kecamatan, eq(kecamatan.id, users.kecamatanId))
    .leftJoin(desaKelurahan, eq(desaKelurahan.id, users.desaKelurahanId))
    .where(eq(users.id, user.id));
  return {
    ...user,
    kecamatanNama: area?.kecamatanNama ?? null,
    desaKelurahanNama: area?.desaKelurahanNama ?? null,
    desaKelurahanJenis: area?.desaKelurahanJenis ?? null,
  };
}
