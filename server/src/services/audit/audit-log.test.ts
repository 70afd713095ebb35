import { expect, test } from "bun:test";
import { auditLog } from "../../db/schema/audit.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import { audit } from "./audit-log.ts";

const t = useTestApp({ seed: false });

test("an audit row records who, what and where, with NIKs masked", async () => {
  const user = await createUser(t.db);
  await audit(
    t.db,
    { user, ip: "10.1.2.3" },
    { action: "register.read", entity: "registers", entityId: 7, details: { nik: "3275010101900001" } },
  );
  const [row] = await t.db.select().from(auditLog);
  expect(row).toMatchObject({
    actorId: user.id,
    action: "register.read",
    entity: "registers",
    entityId: 7,
    ip: "10.1.2.3",
  });
  expect(JSON.stringify(row?.details)).not.toMatch(/\d{16}/);
});
