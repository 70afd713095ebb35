// A family's status is the one its last move reached: the figure rollups count the family by its
// status, the monthly state marks by its history, so where the two disagree so do the figures. A
// move refused after its event was written (bulk verification before its savepoint, issue 12) left
// such families. `npm run figures:check` lists them; which of the two is right is for a cadre or
// an admin to judge, so nothing repairs them on its own.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { resultRows } from "../../db/raw-rows.ts";

export interface StatusWithoutItsMove {
  registerId: number;
  status: string;
  /** The status the family's last event reached (null: no event at all). */
  lastMove: string | null;
}

export interface HistoryCheck {
  count: number;
  /** The first few, by id. */
  samples: StatusWithoutItsMove[];
}

export async function statusesWithoutTheirMove(db: DbOrTx, sampleSize = 5): Promise<HistoryCheck> {
  const rows = resultRows(
    await db.execute(sql`
      select count(*) over ()::integer as total, id, status, last_move from (
        select r.id, r.status, (
          select e.to_status from register_events e where e.register_id = r.id
          order by e.created_at desc, e.id desc limit 1
        ) as last_move
        from registers r where r.form_type = 'family_registration'
      ) family where status is distinct from last_move
      order by id limit ${sampleSize}`),
  );
  return {
    count: Number(rows[0]?.total ?? 0),
    samples: rows.map((row) => ({
      registerId: Number(row.id),
      status: String(row.status),
      lastMove: row.last_move === null ? null : String(row.last_move),
    })),
  };
}
