import { describe, expect, test } from "bun:test";
import { e2eFailures, unitFailures } from "./test-failures.ts";

describe("the names of what failed", () => {
  test("bun test's failed tests, without their times; passed ones and other lines are left out", () => {
    const output = [
      "server/src/services/registers/public-registration.test.ts:",
      "(pass) family registration > a retry gets the first registration [12.40ms]",
      "(fail) family registration > a double submission at once stores one family [3021.77ms]",
      "error: expect(received).toHaveLength(expected)",
      "(fail) sign-off by level > an RT signs first",
      "(fail) slow hook [1.20s]",
      " 2 fail",
    ].join("\n");
    expect(unitFailures(output)).toEqual([
      "bun test: family registration > a double submission at once stores one family",
      "bun test: sign-off by level > an RT signs first",
      "bun test: slow hook",
    ]);
  });

  test("Playwright's failed and flaky tests with file, line and describe titles; passed and skipped ones are left out", () => {
    const report = {
      stats: { expected: 2, unexpected: 1, flaky: 1 },
      suites: [
        {
          title: "public.e2e.ts",
          specs: [
            { title: "the footer shows the contacts", file: "public.e2e.ts", line: 72, tests: [{ status: "flaky" }] },
          ],
          suites: [
            {
              title: "audio player",
              specs: [
                { title: "volume starts at 70%", file: "public.e2e.ts", line: 104, tests: [{ status: "expected" }] },
                { title: "a failing audio file", file: "public.e2e.ts", line: 159, tests: [{ status: "unexpected" }] },
                { title: "skipped on phones", file: "public.e2e.ts", line: 170, tests: [{ status: "skipped" }] },
              ],
            },
          ],
        },
        {
          title: "lock.e2e.ts",
          specs: [{ title: "a lock", file: "lock.e2e.ts", line: 9, tests: [{ status: "expected" }] }],
        },
      ],
    };
    expect(e2eFailures(report)).toEqual([
      "e2e: public.e2e.ts:72 › the footer shows the contacts (flaky)",
      "e2e: public.e2e.ts:159 › audio player › a failing audio file (unexpected)",
    ]);
  });

  test("a report without suites names nothing; one whose suites read otherwise says so", () => {
    expect(e2eFailures({ stats: { expected: 0, unexpected: 0, flaky: 0 } })).toEqual([]);
    expect(e2eFailures({ suites: [{ specs: "?" }] })).toEqual([
      "e2e: the report's tests could not be read for their names",
    ]);
  });
});
