import { describe, expect, test } from "bun:test";
import { createUser, useTestApp } from "../../test/helpers.ts";
import {
  adminProcedure,
  createCallerFactory,
  createContextInner,
  kaderProcedure,
  publicProcedure,
  router,
} from "./init.ts";
import { scopeOf } from "../services/registers/scope.ts";

// A router built only for this test: it shows what each procedure builder lets through.
const probe = router({
  open: publicProcedure.query(() => "ok"),
  scope: kaderProcedure.query(({ ctx }) => scopeOf(ctx.user).area),
  admin: adminProcedure.query(() => "admin"),
});

describe("procedure builders per role", () => {
  const t = useTestApp();
  const callerAs = (user: Awaited<ReturnType<typeof createUser>> | null) =>
    createCallerFactory(probe)(
      createContextInner({
        db: t.db,
        config: t.env,
        cityName: "Kota Bekasi",
        actor: { user, ip: "127.0.0.1" },
        sessionId: null,
      }),
    );

  test("kaderProcedure carries the cadre's confirmed work area", async () => {
    const cadre = await createUser(t.db, {
      role: "kader",
      level: "rt",
      desaKelurahanId: 1,
      kecamatanId: 1,
      rw: "005",
      rt: "001",
    });
    expect(await callerAs(cadre).scope()).toEqual({ kind: "rt", desaKelurahanId: 1, rw: "005", rt: "001" });
  });

  test("admins get the whole city; a cadre without an area, an aparat or a visitor is refused", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    expect(await callerAs(admin).scope()).toEqual({ kind: "all" });
    const noArea = await createUser(t.db, { role: "kader", level: null });
    await expect(callerAs(noArea).scope()).rejects.toThrow("Wilayah kerja Anda belum ditetapkan admin");
    const aparat = await createUser(t.db, { role: "aparat", level: "kelurahan", desaKelurahanId: 1 });
    await expect(callerAs(aparat).scope()).rejects.toThrow("Anda tidak memiliki akses");
    await expect(callerAs(null).scope()).rejects.toThrow("Silakan masuk terlebih dahulu");
    await expect(callerAs(aparat).admin()).rejects.toThrow("Anda tidak memiliki akses");
    expect(await callerAs(null).open()).toBe("ok");
  });
});
