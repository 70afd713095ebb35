import type { Context } from "hono";
import type { PaginationMeta, StrapiEntry, StrapiList, StrapiSingle } from "@shared/strapi.ts";
import { isDatabaseUnavailable, retryAfterSeconds, unavailableMessage } from "../db/unavailable.ts";
import { DomainError, type DomainErrorCode } from "../services/common/errors.ts";
import { RestError } from "./errors.ts";
import { parseQs, type Pagination } from "./query.ts";
import type { ListResult } from "./resource.ts";

export function listBody(result: ListResult, pagination: Pagination): StrapiList {
  let meta: PaginationMeta;
  if (pagination.kind === "page") {
    const { page, pageSize } = pagination;
    meta =
      result.total === null
        ? { page, pageSize }
        : { page, pageSize, pageCount: Math.ceil(result.total / pageSize), total: result.total };
  } else {
    const { start, limit } = pagination;
    meta = result.total === null ? { start, limit } : { start, limit, total: result.total };
  }
  return { data: result.entries, meta: { pagination: meta } };
}

/** The RawJson texts of the jsonText call running now (JSON.stringify is synchronous: one at a time). */
let rawTexts: string[] | null = null;

/**
 * A stored JSON document passed through as stored (a json column as text), never parsed: a
 * REST list of 25 registers would otherwise parse and re-serialize 25 family forms per request.
 * Only `jsonText` writes it; anything else sees an opaque value.
 */
export class RawJson {
  constructor(readonly text: string) {}

  /** Stands in as a placeholder string (NUL, which no stored text can contain: PostgreSQL refuses it). */
  toJSON(): string {
    // Written by any other JSON.stringify it would leave a placeholder: fail loudly instead.
    if (!rawTexts) throw new Error("a stored JSON text is written by jsonText only");
    rawTexts.push(this.text);
    return "\u0000";
  }
}

const placeholder = '"\\u0000"';

/**
 * JSON.stringify, with each RawJson written as its text. Through toJSON rather than a replacer
 * function: a replacer is called for every value of the body and makes the whole call slower.
 */
export function jsonText(body: unknown): string {
  const raws: string[] = [];
  rawTexts = raws;
  let text: string;
  try {
    text = JSON.stringify(body);
  } finally {
    rawTexts = null;
  }
  if (raws.length === 0) return text;
  // The placeholders come out in the order toJSON was called.
  const parts = text.split(placeholder);
  let joined = parts[0] ?? "";
  for (let index = 1; index < parts.length; index += 1) joined += (raws[index - 1] ?? "null") + parts[index];
  return joined;
}

export function singleBody(entry: StrapiEntry): StrapiSingle {
  return { data: entry, meta: {} };
}

/** `/registers/abc`: Strapi answers 500; we answer 400 (DESIGN §7). */
export function parseId(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 2147483647) {
    throw new RestError(400, "ValidationError", `Invalid id ${raw}`);
  }
  return Number(raw);
}

/**
 * A request body as Strapi's koa-body reads it: JSON, or a form (`data[nama]=…`, parsed with qs like
 * the query string; every value arrives as text).
 */
export async function readBody(c: Context): Promise<unknown> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    return parseQs(await c.req.text());
  }
  try {
    return await c.req.json();
  } catch {
    throw new RestError(400, "ValidationError", "Invalid JSON in the request body");
  }
}

/** Reads `{data: {…}}` from a JSON (or form) body the way Strapi does. */
export async function readDataPayload(c: Context): Promise<Record<string, unknown>> {
  const body = await readBody(c);
  if (typeof body !== "object" || body === null || !("data" in body)) {
    throw new RestError(400, "ValidationError", 'Missing "data" payload in the request body');
  }
  const data = body.data;
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new RestError(400, "ValidationError", 'Missing "data" payload in the request body');
  }
  return Object.fromEntries(Object.entries(data));
}

const restStatus: Record<DomainErrorCode, [RestError["status"], string]> = {
  BAD_REQUEST: [400, "ValidationError"],
  UNAUTHORIZED: [401, "UnauthorizedError"],
  FORBIDDEN: [403, "ForbiddenError"],
  NOT_FOUND: [404, "NotFoundError"],
  CONFLICT: [409, "ConflictError"],
  TOO_MANY_REQUESTS: [429, "RateLimitError"],
};

/** Every REST failure leaves as a Strapi error envelope; the one place DomainError becomes HTTP. */
export function toRestError(error: unknown): RestError {
  if (error instanceof RestError) return error;
  if (error instanceof DomainError) {
    const [status, name] = restStatus[error.code];
    const details = error.options.fieldErrors
      ? {
          errors: error.options.fieldErrors.map((item) => ({
            path: item.path,
            message: item.message,
            name: "ValidationError",
          })),
        }
      : {};
    return new RestError(status, name, error.message, details, error.options.retryAfterSeconds);
  }
  if (isDatabaseUnavailable(error))
    return new RestError(503, "ServiceUnavailableError", unavailableMessage, {}, retryAfterSeconds);
  return new RestError(500, "InternalServerError", "Internal Server Error");
}
