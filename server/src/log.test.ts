import { describe, expect, test } from "bun:test";
import { describeError } from "./log.ts";

describe("describeError", () => {
  test("keeps class, SQLSTATE and constraint, never drizzle's parameters or the row detail", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "family_members_nik_unique"'),
      {
        code: "23505",
        constraint_name: "family_members_nik_unique",
        detail: "Key (nik)=(3275011234567890) already exists.",
      },
    );
    const error = new Error(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: siti@example.id,$argon2id$v=19$m=65536',
      { cause },
    );
    const described = describeError(error);
    expect(described).toEqual({
      name: "Error",
      message: 'duplicate key value violates unique constraint "family_members_nik_unique"',
      code: "23505",
      constraint: "family_members_nik_unique",
    });
    expect(JSON.stringify(described)).not.toMatch(/argon2|siti@|3275011234567890/);
  });
});
