import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/users.ts";
import { TEST_ORIGIN, callerFor, createUser, useTestApp } from "../../../test/helpers.ts";
import { kaderInput } from "../../../test/kader-input.ts";
import { hashPassword } from "./passwords.ts";
import { assertStrongPassword, weakPasswordMessage } from "./password-strength.ts";

const common = ["Password1", "P@ssw0rd", "Admin123", "Bismillah1", "Indonesia1", "Qwerty123", "Jakarta2024"];

describe("common and easily guessed passwords are refused (issue 14)", () => {
  const t = useTestApp({ env: { TRUST_PROXY: "1" } });

  test("the cadre registration refuses common passwords with the field error; nothing is stored", async () => {
    for (const [index, password] of common.entries()) {
      const input = await kaderInput(t.db, t.env.APP_SECRET, { password, confirmPassword: password });
      const response = await t.app.request("/trpc/kader.register", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: TEST_ORIGIN,
          "x-forwarded-for": `198.51.100.${index + 1}`,
        },
        body: JSON.stringify(input),
      });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.error.message).toBe(weakPasswordMessage);
      expect(body.error.data.fieldErrors).toEqual([{ path: ["password"], message: weakPasswordMessage }]);
      expect(await t.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(0);
    }
  });

  test("a password built from the account's own name or e-mail is refused", async () => {
    const account = { fullName: "Ratna Sari Dewi", email: "ratnasari@contoh.id" };
    for (const password of ["RatnaSari2024!", "Ratnasari.77", "Dewi-Ratna-99x"]) {
      await expect(assertStrongPassword(password, account)).rejects.toThrow(weakPasswordMessage);
    }
    await expect(assertStrongPassword("Kenanga-Biru-73", account)).resolves.toBeUndefined();
  });

  test("letters from any script count: a long Cyrillic passphrase is accepted, on the form rule and the server check", async () => {
    const password = "Заборчик-Солнце-Лес-Река-2024";
    const input = await kaderInput(t.db, t.env.APP_SECRET, { password, confirmPassword: password });
    const result = await callerFor(t, null, "198.51.100.20").kader.register(input);
    expect(result.email).toBe(input.email);
  });

  test("changing one's password refuses a common one", async () => {
    const user = await createUser(t.db, { passwordHash: await hashPassword("Lama12345") });
    await expect(
      callerFor(t, user).auth.changePassword({
        currentPassword: "Lama12345",
        password: "Password1",
        passwordConfirmation: "Password1",
      }),
    ).rejects.toThrow(weakPasswordMessage);
  });
});
