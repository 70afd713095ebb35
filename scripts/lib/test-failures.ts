// The names of what failed in `npm test`, gathered from bun test's output and Playwright's JSON
// report, so the run can end with them: a CI log is often read from its tail only, and "1 failed"
// without a name sent a whole session looking for it.
import { z } from "zod";

/** bun test's "(fail) describe > test [12.3ms]" lines, without the time. */
export function unitFailures(output: string): string[] {
  return [...output.matchAll(/^\(fail\) (.+?)(?: \[[\d.]+m?s\])?$/gm)].map((match) => `bun test: ${match[1]}`);
}

interface Suite {
  title: string;
  specs?: Array<{ title: string; file: string; line: number; tests: Array<{ status: string }> }>;
  suites?: Suite[];
}

const suiteSchema: z.ZodType<Suite> = z.lazy(() =>
  z.object({
    title: z.string(),
    specs: z
      .array(
        z.object({
          title: z.string(),
          file: z.string(),
          line: z.number(),
          tests: z.array(z.object({ status: z.string() })),
        }),
      )
      .optional(),
    suites: z.array(suiteSchema).optional(),
  }),
);

/** The report's counts: what npm test adds up (a report without them is a failed run). */
export const e2eReport = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number() }),
});

const e2eSuites = z.object({ suites: z.array(suiteSchema).default([]) });

/**
 * Playwright's failed and flaky tests (a flaky one counts as failed here): "file:line › titles
 * (status)". Only names: a report whose suites read otherwise names none, and counts as before.
 */
export function e2eFailures(report: unknown): string[] {
  const read = e2eSuites.safeParse(report);
  if (!read.success) return ["e2e: the report's tests could not be read for their names"];
  const names: string[] = [];
  const walk = (suite: Suite, titles: string[]) => {
    // The file's own suite is titled by the file, which the spec names already.
    const path = suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === "unexpected" || test.status === "flaky") {
          names.push(`e2e: ${spec.file}:${spec.line} › ${[...path, spec.title].join(" › ")} (${test.status})`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of read.data.suites) walk(suite, []);
  return names;
}
