// Two cadre sign-ups at once: the argon2 hash between the checks and the insert leaves them a
// window (~100 ms) in which both pass the checks, and the unique index decides. The loser must be
// told exactly what the check would have told it (the NIK or e-mail message, on that field), at
// both doors (tRPC kader.register and REST /api/auth/local/register); a clash of the username the
// server derives from the e-mail is the server's business, not the user's.
import { afterEach, describe, expect, setSystemTime, spyOn, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import type { KaderRegistrationInput } from "@shared/schemas/kader.ts";
import { registers } from "../../db/schema/registers.ts";
import { users } from "../../db/schema/users.ts";
import { TEST_ORIGIN, useTestApp } from "../../../test/helpers.ts";
import { kaderInput } from "../../../test/kader-input.ts";
import { emailTaken, nikTaken } from "./cadre-registration.ts";

// Each sign-up comes from its own address (through the trusted proxy), so the per-address limit
// (5 an hour) never decides an outcome here.
const t = useTestApp({ env: { TRUST_PROXY: "true" } });
let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.40.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};

interface Outcome {
  status: number;
  message: string;
  fieldErrors: unknown;
}

async function viaTrpc(input: KaderRegistrationInput): Promise<Outcome> {
  const response = await t.app.request("/trpc/kader.register", {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": nextAddress() },
    body: JSON.stringify(input),
  });
  const body = await response.json();
  return {
    status: response.status,
    message: String(body.error?.message ?? ""),
    fieldErrors: body.error?.data?.fieldErrors ?? null,
  };
}

async function viaRest(input: KaderRegistrationInput): Promise<Outcome> {
  const response = await t.app.request("/api/auth/local/register", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
    body: JSON.stringify(input),
  });
  const body = await response.json();
  return {
    status: response.status,
    message: String(body.error?.message ?? ""),
    fieldErrors: body.error?.details?.errors ?? null,
  };
}

const doors = [
  {
    door: "tRPC kader.register",
    send: viaTrpc,
    fieldError: (path: string, message: string) => ({ path: [path], message }),
  },
  {
    door: "REST POST /api/auth/local/register",
    send: viaRest,
    fieldError: (path: string, message: string) => ({ path: [path], message, name: "ValidationError" }),
  },
];

/** One sign-up wins; the other gets the check's own answer: 409, the message, on the field. */
function expectCheckAnswer(outcomes: Outcome[], expected: { message: string; fieldError: unknown }) {
  expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, 409]);
  const loser = outcomes.find((outcome) => outcome.status === 409);
  expect(loser).toEqual({ status: 409, message: expected.message, fieldErrors: [expected.fieldError] });
}

afterEach(() => {
  setSystemTime();
});

describe("two cadre sign-ups at once", () => {
  for (const { door, send, fieldError } of doors) {
    test(`${door}: the same NIK → 200 and 409 'NIK sudah terdaftar sebagai kader' on nik`, async () => {
      const first = await kaderInput(t.db, t.env.APP_SECRET);
      const second = await kaderInput(t.db, t.env.APP_SECRET, { nik: first.nik });
      const outcomes = await Promise.all([send(first), send(second)]);
      expectCheckAnswer(outcomes, { message: nikTaken, fieldError: fieldError("nik", nikTaken) });
      expect(await t.db.select({ id: users.id }).from(users).where(eq(users.nik, first.nik))).toHaveLength(1);
    });

    test(`${door}: the same e-mail (another case) → 200 and 409 'Email sudah terdaftar…' on email`, async () => {
      const first = await kaderInput(t.db, t.env.APP_SECRET);
      const second = await kaderInput(t.db, t.env.APP_SECRET, { email: first.email.toUpperCase() });
      const outcomes = await Promise.all([send(first), send(second)]);
      expectCheckAnswer(outcomes, { message: emailTaken, fieldError: fieldError("email", emailTaken) });
    });

    test(`${door}: two e-mails with one local part in the same millisecond both sign up`, async () => {
      // The username is the local part plus the clock's last 4 digits: a held clock makes them one.
      setSystemTime(new Date("2026-03-02T03:04:05.678Z"));
      const first = await kaderInput(t.db, t.env.APP_SECRET);
      const second = await kaderInput(t.db, t.env.APP_SECRET, { email: first.email.replace("@contoh.id", "@lain.id") });
      const outcomes = await Promise.all([send(first), send(second)]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200]);
      const names = await t.db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.fullName, first.fullName));
      const taken = names.map((row) => row.username).filter((name) => name.startsWith(first.email.split("@")[0] ?? ""));
      expect(taken).toHaveLength(2);
      expect(new Set(taken).size).toBe(2);
    });
  }
});

describe("a registration number already given to another sign-up", () => {
  test("a fresh number is drawn and the sign-up succeeds (tRPC kader.register)", async () => {
    // The number is eight random characters: the next draws of 8 bytes come out as zeros, so the
    // second sign-up's first number is the first one's ("REG-<day>-2222-2222").
    const draw = crypto.getRandomValues.bind(crypto);
    let zeroDraws = 0;
    const spy = spyOn(crypto, "getRandomValues").mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      if (zeroDraws > 0 && array instanceof Uint8Array && array.length === 8) {
        zeroDraws -= 1;
        array.fill(0);
        return array;
      }
      return draw(array);
    });
    try {
      const first = await kaderInput(t.db, t.env.APP_SECRET);
      const second = await kaderInput(t.db, t.env.APP_SECRET);
      zeroDraws = 1;
      expect((await viaTrpc(first)).status).toBe(200);
      zeroDraws = 1;
      expect(await viaTrpc(second)).toMatchObject({ status: 200 });
      const numbers = await t.db
        .select({ number: registers.registrationNumber })
        .from(registers)
        .where(inArray(registers.alamatEmail, [first.email, second.email]));
      expect(numbers).toHaveLength(2);
      expect(numbers.filter((row) => row.number.endsWith("-2222-2222"))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });
});
