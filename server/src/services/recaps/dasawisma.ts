// Dasawisma groups (10–20 households of one RT, named, with a leader). The RT cadre of that RT
// manages them; everyone whose area contains the RT may read them. A household belongs to at most
// one dasawisma (the primary key of dasawisma_households). A household counted by a standing RT
// signature keeps its dasawisma until that signature is reopened: the signed 4.16b has a row per
// dasawisma, and its 4.16a drill-down must show the same households.
import { and, asc, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import {
  dasawismaAssignInput,
  dasawismaDeleteInput,
  dasawismaSaveInput,
  dasawismaUnassignInput,
  type DasawismaAssignInput,
  type DasawismaSaveInput,
} from "@shared/schemas/recaps.ts";
import { periodLabel } from "@shared/recaps.ts";
import { statusLabel } from "@shared/status.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { dasawisma, dasawismaHouseholds } from "../../db/schema/recaps.ts";
import { registers } from "../../db/schema/registers.ts";
import { lockWards } from "../../db/ward-lock.ts";
import type { Actor } from "../accounts/actor.ts";
import { audit } from "../audit/audit-log.ts";
import { DomainError, notFound } from "../common/errors.ts";
import { signedInUser } from "../common/access.ts";
import { parseInput } from "../common/input.ts";
import { readOnlyMessageFor, scopeOf } from "../registers/scope.ts";
import { lockingSignoffs } from "./signoffs.ts";

export const DASAWISMA_MIN = 10;
export const DASAWISMA_MAX = 20;

const rtOnlyMessage = "Dasawisma dikelola oleh kader RT di RT-nya sendiri";

export interface RtPlace {
  desaKelurahanId: number;
  rw: string;
  rt: string;
}

/** The RT an RT cadre manages (refuses everyone else, and read-only accounts). */
function managedRt(actor: Actor): RtPlace {
  signedInUser(actor);
  const scope = scopeOf(actor);
  if (scope.area.kind !== "rt") throw new DomainError("FORBIDDEN", rtOnlyMessage);
  if (!scope.canAct) throw new DomainError("FORBIDDEN", readOnlyMessageFor(actor));
  const { desaKelurahanId, rw, rt } = scope.area;
  return { desaKelurahanId, rw, rt };
}

/** Live family registers of one RT that can be grouped (rejected ones are not households to count). */
const householdsOf = (place: RtPlace) =>
  and(
    eq(registers.formType, "family_registration"),
    isNull(registers.deletedAt),
    ne(registers.status, "REJECTED"),
    eq(registers.desaKelurahanId, place.desaKelurahanId),
    eq(registers.rw, place.rw),
    eq(registers.rt, place.rt),
  );

export interface DasawismaHousehold {
  registerId: number;
  namaKepalaKeluarga: string;
  memberCount: number;
  status: string;
  statusLabel: string;
}

export interface DasawismaGroup {
  id: number;
  name: string;
  leaderName: string;
  households: DasawismaHousehold[];
}

export interface DasawismaOverview {
  place: RtPlace;
  canManage: boolean;
  min: number;
  max: number;
  groups: DasawismaGroup[];
  unassigned: DasawismaHousehold[];
}

/** The dasawisma of an RT with their households, and the households not yet in any. */
export async function dasawismaOverview(db: DbOrTx, place: RtPlace, canManage: boolean): Promise<DasawismaOverview> {
  const groups = await db
    .select()
    .from(dasawisma)
    .where(
      and(eq(dasawisma.desaKelurahanId, place.desaKelurahanId), eq(dasawisma.rw, place.rw), eq(dasawisma.rt, place.rt)),
    )
    .orderBy(asc(dasawisma.name));
  const rows = await db
    .select({
      registerId: registers.id,
      namaKepalaKeluarga: registers.namaKepalaKeluarga,
      memberCount: registers.memberCount,
      status: registers.status,
      dasawismaId: dasawismaHouseholds.dasawismaId,
    })
    .from(registers)
    .leftJoin(dasawismaHouseholds, eq(dasawismaHouseholds.registerId, registers.id))
    .where(householdsOf(place))
    .orderBy(asc(registers.namaKepalaKeluarga), asc(registers.id));
  const household = (row: (typeof rows)[number]): DasawismaHousehold => ({
    registerId: row.registerId,
    namaKepalaKeluarga: row.namaKepalaKeluarga,
    memberCount: row.memberCount,
    status: row.status,
    statusLabel: statusLabel(row.status),
  });
  return {
    place,
    canManage,
    min: DASAWISMA_MIN,
    max: DASAWISMA_MAX,
    groups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      leaderName: group.leaderName,
      households: rows.filter((row) => row.dasawismaId === group.id).map(household),
    })),
    unassigned: rows.filter((row) => row.dasawismaId === null).map(household),
  };
}

/** The RT cadre's own RT. */
export async function myDasawisma(db: Db, actor: Actor): Promise<DasawismaOverview> {
  return dasawismaOverview(db, managedRt(actor), true);
}

async function ownGroup(db: DbOrTx, place: RtPlace, id: number) {
  const [group] = await db.select().from(dasawisma).where(eq(dasawisma.id, id)).limit(1);
  if (!group) throw notFound("Dasawisma tidak ditemukan");
  if (group.desaKelurahanId !== place.desaKelurahanId || group.rw !== place.rw || group.rt !== place.rt) {
    throw new DomainError("FORBIDDEN", "Dasawisma ini berada di luar RT Anda");
  }
  return group;
}

/**
 * Refuses a change of dasawisma for a household a standing RT signature holds (the same rule as the
 * record lock, signoffs.ts lockingSignoffs, narrowed to RT signatures: the RT's 4.16b is the sheet
 * with a row per dasawisma). Holds the ward's lock to the commit, as the record lock does, so a
 * signature cannot come between the check and the change.
 */
async function assertGroupingUnlocked(tx: DbOrTx, place: RtPlace, registerIds: number[]): Promise<void> {
  if (registerIds.length === 0) return;
  await lockWards(tx, place.desaKelurahanId);
  const rows = await tx
    .select({
      nama: registers.namaKepalaKeluarga,
      formType: registers.formType,
      status: registers.status,
      desaKelurahanId: registers.desaKelurahanId,
      rw: registers.rw,
      rt: registers.rt,
      tanggalPendataan: registers.tanggalPendataan,
    })
    .from(registers)
    .where(and(inArray(registers.id, registerIds), isNull(registers.deletedAt)));
  // Households of one RT surveyed in the same month are held alike: asked once per month.
  const asked = new Set<string>();
  for (const row of rows) {
    const key = `${row.status}/${row.desaKelurahanId}/${row.rw}/${row.rt}/${row.tanggalPendataan.slice(0, 7)}`;
    if (asked.has(key)) continue;
    asked.add(key);
    const [signoff] = await lockingSignoffs(tx, row, ["rt"]);
    if (signoff) {
      throw new DomainError(
        "CONFLICT",
        `Rumah tangga ${row.nama} dihitung dalam rekap RT ${signoff.rt}/RW ${signoff.rw} bulan ${periodLabel(signoff.period)} yang sudah ditandatangani oleh ${signoff.signerName}, sehingga dasawisma-nya tidak dapat diubah. Minta penanda tangan atau kader tingkat di atasnya membuka kembali rekap itu lebih dulu.`,
      );
    }
  }
}

const duplicateName = "Nama dasawisma sudah dipakai di RT ini";

/** Creates (no id) or renames a dasawisma of the cadre's RT. */
export async function saveDasawisma(db: Db, actor: Actor, raw: DasawismaSaveInput): Promise<{ id: number }> {
  const place = managedRt(actor);
  const input = parseInput(dasawismaSaveInput, raw);
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: dasawisma.id })
      .from(dasawisma)
      .where(
        and(
          eq(dasawisma.desaKelurahanId, place.desaKelurahanId),
          eq(dasawisma.rw, place.rw),
          eq(dasawisma.rt, place.rt),
          sql`lower(${dasawisma.name}) = lower(${input.name})`,
          input.id === undefined ? sql`true` : ne(dasawisma.id, input.id),
        ),
      )
      .limit(1);
    if (clash)
      throw new DomainError("CONFLICT", duplicateName, { fieldErrors: [{ path: ["name"], message: duplicateName }] });
    if (input.id !== undefined) {
      await ownGroup(tx, place, input.id);
      await tx
        .update(dasawisma)
        .set({ name: input.name, leaderName: input.leaderName, updatedAt: new Date() })
        .where(eq(dasawisma.id, input.id));
      await audit(tx, actor, { action: "dasawisma.update", entity: "dasawisma", entityId: input.id });
      return { id: input.id };
    }
    const [created] = await tx
      .insert(dasawisma)
      .values({ ...place, name: input.name, leaderName: input.leaderName, createdBy: actor.user?.id ?? null })
      .returning({ id: dasawisma.id });
    if (!created) throw new Error("dasawisma insert returned nothing");
    await audit(tx, actor, { action: "dasawisma.create", entity: "dasawisma", entityId: created.id });
    return created;
  });
}

/** Puts households of the RT into a dasawisma (at most 20; one already in another is refused). */
export async function assignHouseholds(db: Db, actor: Actor, raw: DasawismaAssignInput): Promise<{ count: number }> {
  const place = managedRt(actor);
  const input = parseInput(dasawismaAssignInput, raw);
  const ids = [...new Set(input.registerIds)];
  return db.transaction(async (tx) => {
    const group = await ownGroup(tx, place, input.dasawismaId);
    const found = await tx
      .select({ id: registers.id, nama: registers.namaKepalaKeluarga, current: dasawismaHouseholds.dasawismaId })
      .from(registers)
      .leftJoin(dasawismaHouseholds, eq(dasawismaHouseholds.registerId, registers.id))
      .where(and(householdsOf(place), inArray(registers.id, ids)));
    if (found.length !== ids.length)
      throw new DomainError("FORBIDDEN", "Rumah tangga yang dipilih tidak berada di RT Anda");
    const elsewhere = found.find((row) => row.current !== null && row.current !== group.id);
    if (elsewhere) {
      throw new DomainError(
        "CONFLICT",
        `Rumah tangga ${elsewhere.nama} sudah masuk dasawisma lain; keluarkan dulu dari sana`,
      );
    }
    const fresh = found.filter((row) => row.current === null).map((row) => row.id);
    const [counted] = await tx
      .select({ total: count() })
      .from(dasawismaHouseholds)
      .where(eq(dasawismaHouseholds.dasawismaId, group.id));
    if ((counted?.total ?? 0) + fresh.length > DASAWISMA_MAX) {
      throw new DomainError("BAD_REQUEST", `Satu dasawisma paling banyak ${DASAWISMA_MAX} rumah tangga`);
    }
    await assertGroupingUnlocked(tx, place, fresh);
    if (fresh.length > 0) {
      // ON CONFLICT DO NOTHING: a household another cadre assigned meanwhile stays where it is.
      await tx
        .insert(dasawismaHouseholds)
        .values(fresh.map((registerId) => ({ registerId, dasawismaId: group.id })))
        .onConflictDoNothing();
    }
    await audit(tx, actor, {
      action: "dasawisma.update",
      entity: "dasawisma",
      entityId: group.id,
      details: { added: fresh },
    });
    return { count: fresh.length };
  });
}

export async function unassignHousehold(db: Db, actor: Actor, raw: { registerId: number }): Promise<void> {
  const place = managedRt(actor);
  const input = parseInput(dasawismaUnassignInput, raw);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ dasawismaId: dasawismaHouseholds.dasawismaId })
      .from(dasawismaHouseholds)
      .where(eq(dasawismaHouseholds.registerId, input.registerId))
      .limit(1);
    if (!row) throw notFound("Rumah tangga ini belum masuk dasawisma");
    await ownGroup(tx, place, row.dasawismaId);
    await assertGroupingUnlocked(tx, place, [input.registerId]);
    await tx.delete(dasawismaHouseholds).where(eq(dasawismaHouseholds.registerId, input.registerId));
    await audit(tx, actor, {
      action: "dasawisma.update",
      entity: "dasawisma",
      entityId: row.dasawismaId,
      details: { removed: input.registerId },
    });
  });
}

/** Deletes a dasawisma; its households become unassigned (refused while a standing RT signature holds one). */
export async function deleteDasawisma(db: Db, actor: Actor, raw: { id: number }): Promise<void> {
  const place = managedRt(actor);
  const input = parseInput(dasawismaDeleteInput, raw);
  await db.transaction(async (tx) => {
    await ownGroup(tx, place, input.id);
    const members = await tx
      .select({ registerId: dasawismaHouseholds.registerId })
      .from(dasawismaHouseholds)
      .where(eq(dasawismaHouseholds.dasawismaId, input.id));
    await assertGroupingUnlocked(
      tx,
      place,
      members.map((member) => member.registerId),
    );
    await tx.delete(dasawisma).where(eq(dasawisma.id, input.id));
    await audit(tx, actor, { action: "dasawisma.delete", entity: "dasawisma", entityId: input.id });
  });
}
