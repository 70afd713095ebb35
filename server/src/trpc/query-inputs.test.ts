// A tRPC query's input travels in its GET URL: browsers keep it in their history and proxies write
// it to their access logs (DESIGN §6: logs carry ids and codes only). So a query's input holds codes
// only, or a search term in a field the client sends as POST (SEARCH_TERM_FIELDS). A new free-text
// field in a query (a name, an e-mail, a phone) fails here until it is one of those fields, or is
// shown to be a code below.
import { describe, expect, test } from "bun:test";
import type { AnyProcedure } from "@trpc/server";
import { z } from "zod";
import { SEARCH_TERM_FIELDS } from "@shared/search-terms.ts";
import { appRouter } from "./router.ts";

/** String fields of query inputs that hold a code, not something a person typed about a person. */
const codeFields: Record<string, string> = {
  indicator: "a statistics indicator's key (refined to the list of indicators)",
  rw: "an RW number (three digits once normalised)",
  rt: "an RT number (three digits once normalised)",
  registrationNumber: "a family's registration number (REG-…): a code, not a name",
  action: "an audit action's key",
};

interface StringField {
  path: string;
  /** The string has a format (a regex, a date): it can only hold a code. */
  formatted: boolean;
}

function stringFields(schema: z.core.$ZodType, path: string): StringField[] {
  if (schema instanceof z.ZodObject)
    return Object.entries(schema.shape).flatMap(([key, field]) => stringFields(field, path ? `${path}.${key}` : key));
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodReadonly ||
    schema instanceof z.ZodCatch ||
    schema instanceof z.ZodNonOptional
  )
    return stringFields(schema.def.innerType, path);
  if (schema instanceof z.ZodPipe) return stringFields(schema.in, path);
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((option) => stringFields(option, path));
  if (schema instanceof z.ZodArray) return stringFields(schema.element, `${path}[]`);
  if (schema instanceof z.ZodStringFormat) return [{ path, formatted: true }];
  if (schema instanceof z.ZodString) return [{ path, formatted: schema.format !== null }];
  return [];
}

const lastKey = (path: string) => path.split(".").at(-1)?.replace("[]", "") ?? path;
const searchTermFields: readonly string[] = SEARCH_TERM_FIELDS;

/** The router keeps its procedures by full path ("registers.list"); its type names them nested. */
function isProcedure(value: unknown): value is AnyProcedure {
  return typeof value === "function" && "_def" in value && typeof value._def === "object" && value._def !== null;
}

function queryStringFields(): Array<{ procedure: string } & StringField> {
  const procedures: Record<string, unknown> = appRouter._def.procedures;
  return Object.entries(procedures).flatMap(([procedure, definition]) =>
    !isProcedure(definition) || definition._def.type !== "query"
      ? []
      : definition._def.inputs.flatMap((input) =>
          input instanceof z.ZodType ? stringFields(input, "").map((field) => ({ procedure, ...field })) : [],
        ),
  );
}

describe("query inputs hold codes; typed search terms go as POST", () => {
  test("every string field of a query is a search-term field, formatted, or a known code", () => {
    const fields = queryStringFields();
    // The walk reaches the inputs at all (the records list's search, a statistics month).
    expect(fields).toContainEqual({ procedure: "registers.list", path: "search", formatted: false });
    expect(fields.some((field) => field.formatted)).toBe(true);
    const unexplained = fields.filter(
      (field) =>
        !field.formatted && !searchTermFields.includes(lastKey(field.path)) && !(lastKey(field.path) in codeFields),
    );
    expect(unexplained).toEqual([]);
  });

  test("the walk would catch a free-text field", () => {
    const probe = z.strictObject({
      name: z.string().trim().max(100).default(""),
      month: z.string().regex(/^\d{4}-\d{2}$/),
    });
    expect(stringFields(probe, "")).toEqual([
      { path: "name", formatted: false },
      { path: "month", formatted: true },
    ]);
  });
});
