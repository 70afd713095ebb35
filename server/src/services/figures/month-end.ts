// Taking last month's month-end snapshot (figures and report counts; migrations
// issue12_month_end_custom and issue12_month_end_report_custom) outside any request. The first write
// after a month takes it if nothing has yet, inside that write's request: 2.7 s at 1,000,000
// families, a resident's registration waiting for it, and a statement timeout away from failing
// at a few million. The housekeeping round takes it first, shortly after midnight WIB, without the
// requests' statement timeout; the write then finds it taken (one primary-key lookup).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { resultRows } from "../../db/raw-rows.ts";

/** Takes last month's snapshot (WIB) unless taken; the month taken ('YYYY-MM'), or null. */
export async function takeLastMonthEnd(db: Db): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    const [previous] = resultRows(
      await tx.execute(sql`select p.month, exists (select 1 from figure_month_end_marks m where m.month = p.month) as taken
        from (select to_char(pkk_wib_month_start(now()) - interval '1 month', 'YYYY-MM') as month) p`),
    );
    const month = String(previous?.month ?? "");
    if (!month || previous?.taken === true) return null;
    await tx.execute(sql`select pkk_take_month_ends_until(${month})`);
    return month;
  });
}
