import type { Env } from "./env.ts";
import type { Logger } from "./log.ts";
import { regionsAreEmpty, seedRegions } from "./services/regions/regions.ts";
import type { Db } from "./db/client.ts";
import { seedDemoAccounts } from "./demo/accounts.ts";
import { seedDemoFamilies } from "./demo/families.ts";

/** Start-up seeding: official regions when the tables are empty; demo accounts in demo mode. */
export async function seedDatabase(db: Db, env: Env, log: Logger): Promise<void> {
  if (await regionsAreEmpty(db)) {
    const counts = await seedRegions(db, env.CITY_CODE);
    log.info("regions seeded", { cityCode: env.CITY_CODE, ...counts });
  }
  if (env.demoData && env.NODE_ENV !== "production") {
    const created = await seedDemoAccounts(db);
    if (created > 0) log.info("demo accounts seeded", { count: created });
    const families = await seedDemoFamilies(db);
    if (families > 0) log.info("demo families seeded", { count: families });
  }
}
