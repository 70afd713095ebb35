// Issue 15: a household rule gives the same Indonesian message at the same field through every door
// that writes a family — the public form (tRPC), the Maker Checker (tRPC) and the REST API.
import { describe, expect, test } from "bun:test";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { babyNeededMessage, houseExclusiveMessage, womanNeededMessage } from "@shared/household-rules.ts";
import { createCadre } from "../../../test/cadres.ts";
import { familyForm } from "../../../test/factories.ts";
import { callerFor, solveCaptcha, useTestApp } from "../../../test/helpers.ts";
import { cookieOf, restBody, restCall } from "../../../test/rest.ts";
import { issueCaptcha } from "../public/captcha.ts";

const t = useTestApp();

const broken: Array<{
  name: string;
  path: string[];
  message: string;
  change: (form: FamilyRegistration) => FamilyRegistration;
}> = [
  {
    name: "both house criteria",
    path: ["houseCriteria", "lessHealthy"],
    message: houseExclusiveMessage,
    change: (form) => ({ ...form, houseCriteria: { ...form.houseCriteria, healthy: true, lessHealthy: true } }),
  },
  {
    name: "pregnant without a woman",
    path: ["specialConditions", "pregnantCount"],
    message: womanNeededMessage,
    change: (form) => ({
      ...form,
      members: form.members.filter((member) => member.gender === "Laki-laki"),
      specialConditions: { ...form.specialConditions, pregnant: true, pregnantCount: 1 },
    }),
  },
  {
    name: "newborn without a baby",
    path: ["specialConditions", "newBirthCount"],
    message: babyNeededMessage,
    change: (form) => ({
      ...form,
      members: form.members.filter((member) => member.birthDate < "2020-01-01"),
      specialConditions: { ...form.specialConditions, newBirth: true, newBirthCount: 1 },
    }),
  },
];

async function publicFormMessage(form: FamilyRegistration): Promise<string> {
  const challenge = issueCaptcha(t.env.APP_SECRET, "family");
  const caller = callerFor(t, null, `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
  const error = await caller.registers
    .registerFamily({
      form,
      captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
      idempotencyKey: crypto.randomUUID(),
    })
    .catch((caught: unknown) => caught);
  return error instanceof Error ? error.message : "";
}

describe("the same message at every door", () => {
  for (const rule of broken) {
    test(rule.name, async () => {
      const rt = await createCadre(t.db, "rt");
      const form = rule.change(await familyForm(t.db));

      expect(await publicFormMessage(form)).toContain(rule.message);

      const makerChecker = await callerFor(t, rt)
        .registers.create({ data: form })
        .catch((caught: unknown) => caught);
      expect(makerChecker instanceof Error ? makerChecker.message : "").toContain(rule.message);

      const rest = await restCall(t, "POST", "/registers", await cookieOf(t, rt), restBody(form));
      expect(rest.status).toBe(400);
      expect(rest.json.error.details.errors).toContainEqual({
        path: ["data_register", ...rule.path],
        message: rule.message,
        name: "ValidationError",
      });
    });
  }
});
