// The OpenAPI 3.1 description of /api, built from what the adapter itself uses: each resource's
// attribute list (resource.ts) and the zod schemas that validate the bodies. Served at
// /api/openapi.json and rendered at /api/docs.
import { z } from "zod";
import { forgotPasswordInput, passwordSchema, profileUpdateInput } from "@shared/schemas/auth.ts";
import { familyRegistrationSchema } from "@shared/schemas/family.ts";
import { kaderRegistrationInput } from "@shared/schemas/kader.ts";
import { SESSION_COOKIE } from "../http/session-cookie.ts";
import { localLogin } from "./auth.ts";
import { comparisonOperators, DEFAULT_PAGE_SIZE, MAX_PAGE_POSITION, MAX_PAGE_SIZE } from "./query.ts";
import { desaKelurahanResource, kecamatanResource } from "./regions.ts";
import { registerResource } from "./registers.ts";
import type { AttributeType, RestResource } from "./resource.ts";

type Json = Record<string, unknown>;

/** zod → JSON Schema 2020-12 (the dialect of OpenAPI 3.1), as the request body is read. */
function jsonSchema(schema: z.ZodType): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
  });
  return rest;
}

const attributeSchemas: Record<AttributeType, () => z.ZodType> = {
  integer: () => z.number().int(),
  decimal: () => z.number(),
  string: () => z.string(),
  date: () => z.iso.date(),
  datetime: () => z.iso.datetime(),
  boolean: () => z.boolean(),
  json: () => z.record(z.string(), z.unknown()),
};

const idSchema = z.number().int().positive();

function attributesSchema(resource: RestResource): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, attribute] of Object.entries(resource.attributes)) {
    shape[name] = attributeSchemas[attribute.type]().nullable();
  }
  return z.object(shape);
}

interface Described {
  /** Path segment and component name. */
  path: string;
  name: string;
  resource: RestResource;
  tag: string;
  readSecurity: Json[];
  writeSecurity: Json[];
  /** `data` of POST/PUT bodies. */
  writeData: z.ZodType;
  /** Header parameters of the create, beside the query's. */
  createHeaders?: Json[];
}

const sessionOrToken = [{ sessionJwt: [] }, { apiToken: [] }, { sessionCookie: [] }];
const anyone = [{}, ...sessionOrToken];
const relationId = z.union([idSchema, z.object({ id: idSchema }), z.object({ connect: z.array(idSchema).max(1) })]);

const resources: Described[] = [
  {
    path: "kecamatans",
    name: "Kecamatan",
    resource: kecamatanResource,
    tag: "Wilayah",
    readSecurity: anyone,
    writeSecurity: sessionOrToken,
    writeData: z.object({ nama_kecamatan: z.string(), kode: z.string() }).partial(),
  },
  {
    path: "desa-kelurahans",
    name: "DesaKelurahan",
    resource: desaKelurahanResource,
    tag: "Wilayah",
    readSecurity: anyone,
    writeSecurity: sessionOrToken,
    writeData: z
      .object({
        nama_desa_kelurahan: z.string(),
        kode: z.string(),
        jenis: z.enum(["desa", "kelurahan"]),
        kode_pos: z.string().nullable(),
        luas_wilayah: z.number().nullable(),
        jumlah_penduduk: z.number().int().nullable(),
        kecamatan: relationId,
      })
      .partial(),
  },
  {
    path: "registers",
    name: "Register",
    resource: registerResource,
    tag: "Registers",
    readSecurity: sessionOrToken,
    writeSecurity: sessionOrToken,
    createHeaders: [
      {
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description:
          "16–64 letters, digits or '-', made once per family. The same create sent again with the same key and " +
          "body within 24 hours (its answer was lost) answers with the family it created; with another body, 409.",
        schema: { type: "string", pattern: "^[A-Za-z0-9-]{16,64}$" },
      },
    ],
    writeData: z
      .object({
        nama_kepala_keluarga: z.string(),
        nik_kepala_keluarga: z.string(),
        nomor_kk: z.string().nullable().describe("Nomor KK, 16 digits (optional; null or '' clears it)"),
        nomor_hp: z.string(),
        alamat_email: z.string().nullable(),
        tanggal_pendataan: z.iso.date().describe("The survey date, not after today in WIB (Asia/Jakarta)"),
        data_register: familyRegistrationSchema
          .describe("The family form of SPEC §3; address may use kecamatan/kelurahan ids")
          .optional(),
        status: z.enum(["SUBMITTED", "RT_VERIFIED", "RW_VERIFIED", "APPROVED", "NEEDS_REVISION", "REJECTED"]),
        note: z.string(),
        reason: z.string(),
        version: z.number().int().positive(),
        nik_confirmed: z
          .boolean()
          .describe(
            "Write-only. true: the caller checked the family's documents, so members whose NIK (digits 7–12, " +
              "day + 40 for women) disagrees with their birth date or sex are saved; without it a write holding such a " +
              "member that no cadre confirmed yet answers 400 beside data_register.members.N.nik. Kept in " +
              "data_register.nikConfirmations and the audit trail.",
          ),
      })
      .partial(),
  },
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonContent = (schema: Json) => ({ "application/json": { schema } });
const bodyContent = (schema: Json) => ({
  "application/json": { schema },
  "application/x-www-form-urlencoded": { schema },
});

const errorResponses = (...statuses: number[]): Json =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      { description: errorDescriptions[status] ?? "Error", content: jsonContent(ref("Error")) },
    ]),
  );
const errorDescriptions: Record<number, string> = {
  400: "ValidationError: bad parameter, value or body",
  401: "UnauthorizedError: bad or revoked bearer",
  403: "ForbiddenError: not allowed",
  404: "NotFoundError",
  409: "ConflictError: version conflict, NIK already registered or locked record",
  429: "RateLimitError (with Retry-After)",
};

const operatorList = comparisonOperators.join(", ");

/** The query parameters of Strapi v4, written as deepObject parameters with the syntax in prose. */
const queryParameters = {
  filters: {
    name: "filters",
    in: "query",
    style: "deepObject",
    explode: true,
    description:
      `\`filters[field][$op]=value\`; operators ${operatorList}; \`$and\`, \`$or\`, \`$not\`; ` +
      "relations through their attributes (`filters[kecamatan][kode][$eq]=32.75.01`) or by id " +
      "(`filters[kecamatan]=3`); several values (`filters[kode][$eq][0]=a&filters[kode][$eq][1]=b`) match any.",
    schema: { type: "object", additionalProperties: true },
  },
  sort: {
    name: "sort",
    in: "query",
    description:
      "`sort=field:desc`, `sort[0]=a&sort[1]=b:desc`, `sort=kecamatan.nama_kecamatan:desc` or " +
      "`sort[0][kecamatan][nama_kecamatan]=desc` (to-one relations).",
    schema: { oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
  },
  fields: {
    name: "fields",
    in: "query",
    description: "`fields[0]=a&fields[1]=b` or `fields=a,b`; `id` is always returned.",
    schema: { oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
  },
  populate: {
    name: "populate",
    in: "query",
    style: "deepObject",
    explode: true,
    description:
      "`populate=*`, `populate=rel`, `populate=rel.other`, `populate[0]=rel`, " +
      "`populate[rel][fields][0]=a`, `populate[rel][populate]=other`, `populate[rel][filters]…`, " +
      "`populate[rel][sort]=a:desc`, `populate[rel][count]=true`. Names that are not relations are skipped.",
    schema: { oneOf: [{ type: "string" }, { type: "object", additionalProperties: true }] },
  },
  pagination: {
    name: "pagination",
    in: "query",
    style: "deepObject",
    explode: true,
    description: `\`page\`+\`pageSize\` (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}) or \`start\`+\`limit\` (\`limit=-1\` → ${MAX_PAGE_SIZE}); a size ≤ 0 is 1; \`withCount=false\` (or \`f\`, \`0\`) leaves out the total. To read a whole list (a sync), walk its pages in id order (no \`sort\`, \`sort=id:asc\` or \`sort=id:desc\`): each page then starts where the one before ended instead of skipping every row before it. To keep a copy up to date, ask only for what changed since your last run: \`filters[updatedAt][$gt]=<last run>&sort=updatedAt:asc\` (read from an index). A copy of one ward (\`filters[desa_kelurahan][id][$eq]\`, or by its name: \`filters[desa_kelurahan][nama][$eq]\`) or one status (\`filters[status][$eq]\`) is read from an index too, and its total, like that of a filter made only of status, ward, kecamatan, RW, RT, \`form_type=family_registration\` and one special condition, comes from totals kept with every write instead of a count of the rows.`,
    schema: {
      type: "object",
      properties: {
        page: { type: "integer", minimum: 1, maximum: MAX_PAGE_POSITION },
        pageSize: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE },
        start: { type: "integer", minimum: 0, maximum: MAX_PAGE_POSITION },
        limit: { type: "integer" },
        withCount: { type: "string", enum: ["true", "t", "1", "false", "f", "0"] },
      },
    },
  },
  id: { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
};

const q = (name: keyof typeof queryParameters) => ({ $ref: `#/components/parameters/${name}` });

function resourcePaths(item: Described): Record<string, Json> {
  const list = `${item.name}List`;
  const single = `${item.name}Response`;
  const body = {
    required: true,
    content: bodyContent({ type: "object", required: ["data"], properties: { data: jsonSchema(item.writeData) } }),
  };
  const shape = [q("fields"), q("populate")];
  return {
    [`/${item.path}`]: {
      get: {
        tags: [item.tag],
        operationId: `list${item.name}`,
        summary: `List ${item.path}`,
        security: item.readSecurity,
        parameters: [q("filters"), q("sort"), q("fields"), q("populate"), q("pagination")],
        responses: {
          "200": { description: "A page", content: jsonContent(ref(list)) },
          ...errorResponses(400, 401, 403),
        },
      },
      post: {
        tags: [item.tag],
        operationId: `create${item.name}`,
        summary: `Create one of ${item.path}`,
        security: item.writeSecurity,
        parameters: [...shape, ...(item.createHeaders ?? [])],
        requestBody: body,
        responses: {
          "200": { description: "The created entry", content: jsonContent(ref(single)) },
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
    },
    [`/${item.path}/{id}`]: {
      get: {
        tags: [item.tag],
        operationId: `get${item.name}`,
        security: item.readSecurity,
        parameters: [q("id"), ...shape],
        responses: {
          "200": { description: "The entry", content: jsonContent(ref(single)) },
          ...errorResponses(400, 401, 403, 404),
        },
      },
      put: {
        tags: [item.tag],
        operationId: `update${item.name}`,
        security: item.writeSecurity,
        parameters: [q("id"), ...shape],
        requestBody: body,
        responses: {
          "200": { description: "The entry after the change", content: jsonContent(ref(single)) },
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
      delete: {
        tags: [item.tag],
        operationId: `delete${item.name}`,
        security: item.writeSecurity,
        parameters: [q("id"), ...shape],
        responses: {
          "200": { description: "The entry as it was", content: jsonContent(ref(single)) },
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
  };
}

const entrySchema = (attributes: string): Json => ({
  type: "object",
  required: ["id", "attributes"],
  properties: { id: { type: "integer" }, attributes: ref(attributes) },
});

const paginationMeta = jsonSchema(
  z.union([
    z.object({
      page: z.number().int(),
      pageSize: z.number().int(),
      pageCount: z.number().int(),
      total: z.number().int(),
    }),
    z.object({ page: z.number().int(), pageSize: z.number().int() }),
    z.object({ start: z.number().int(), limit: z.number().int(), total: z.number().int() }),
    z.object({ start: z.number().int(), limit: z.number().int() }),
  ]),
);

const errorSchema = jsonSchema(
  z.object({
    data: z.null(),
    error: z.object({
      status: z.number().int(),
      name: z.string(),
      message: z.string(),
      details: z.object({
        errors: z.array(z.object({ path: z.array(z.string()), message: z.string(), name: z.string() })).optional(),
      }),
    }),
  }),
);

const userSchema = jsonSchema(
  z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    provider: z.literal("local"),
    confirmed: z.boolean(),
    blocked: z.boolean(),
    fullName: z.string(),
    phone: z.string().nullable(),
    role: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);

const authPaths: Record<string, Json> = {
  "/auth/local": {
    post: {
      tags: ["Auth"],
      operationId: "login",
      summary: "Sign in with e-mail or username; the jwt is a bearer token",
      security: [{}],
      requestBody: {
        required: true,
        content: bodyContent(jsonSchema(localLogin)),
      },
      responses: {
        "200": {
          description: "Signed in",
          content: jsonContent({
            type: "object",
            required: ["jwt", "user"],
            properties: { jwt: { type: "string" }, user: ref("User") },
          }),
        },
        ...errorResponses(400, 429),
      },
    },
  },
  "/auth/local/register": {
    post: {
      tags: ["Auth"],
      operationId: "registerCadre",
      summary: "Register a cadre account (waits for an admin; no jwt)",
      security: [{}],
      requestBody: { required: true, content: bodyContent(jsonSchema(kaderRegistrationInput)) },
      responses: {
        "200": {
          description: "Registered, pending approval",
          content: jsonContent({ type: "object", required: ["user"], properties: { user: ref("User") } }),
        },
        ...errorResponses(400, 409, 429),
      },
    },
  },
  "/auth/forgot-password": {
    post: {
      tags: ["Auth"],
      operationId: "forgotPassword",
      security: [{}],
      requestBody: { required: true, content: bodyContent(jsonSchema(forgotPasswordInput)) },
      responses: {
        "200": {
          description: "Always ok",
          content: jsonContent({ type: "object", properties: { ok: { const: true } } }),
        },
        ...errorResponses(400, 429),
      },
    },
  },
  "/auth/reset-password": {
    post: {
      tags: ["Auth"],
      operationId: "resetPassword",
      security: [{}],
      requestBody: {
        required: true,
        content: bodyContent(
          jsonSchema(
            z.strictObject({ code: z.string().min(1), password: passwordSchema, passwordConfirmation: z.string() }),
          ),
        ),
      },
      responses: {
        "200": {
          description: "Password changed and signed in",
          content: jsonContent({ type: "object", properties: { jwt: { type: "string" }, user: ref("User") } }),
        },
        ...errorResponses(400, 429),
      },
    },
  },
  "/users/me": {
    get: {
      tags: ["Auth"],
      operationId: "me",
      security: [{ sessionJwt: [] }, { sessionCookie: [] }],
      responses: {
        "200": { description: "The signed-in user", content: jsonContent(ref("User")) },
        ...errorResponses(401, 403),
      },
    },
  },
  "/users/{id}": {
    put: {
      tags: ["Auth"],
      operationId: "updateMe",
      summary: "Change one's own name and phone",
      security: [{ sessionJwt: [] }, { sessionCookie: [] }],
      parameters: [q("id")],
      requestBody: { required: true, content: bodyContent(jsonSchema(profileUpdateInput.partial())) },
      responses: {
        "200": { description: "The user", content: jsonContent(ref("User")) },
        ...errorResponses(400, 401, 403, 404),
      },
    },
  },
};

/** The whole document; `serverUrl` is where /api is reached from the caller's point of view. */
export function openApiDocument(serverUrl = "/api"): Json {
  const schemas: Record<string, Json> = { Error: errorSchema, User: userSchema, PaginationMeta: paginationMeta };
  for (const item of resources) {
    schemas[`${item.name}Attributes`] = jsonSchema(attributesSchema(item.resource));
    schemas[`${item.name}Response`] = {
      type: "object",
      required: ["data", "meta"],
      properties: { data: entrySchema(`${item.name}Attributes`), meta: { type: "object" } },
    };
    schemas[`${item.name}List`] = {
      type: "object",
      required: ["data", "meta"],
      properties: {
        data: { type: "array", items: entrySchema(`${item.name}Attributes`) },
        meta: { type: "object", properties: { pagination: ref("PaginationMeta") } },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Portal Data Keluarga PKK — REST API",
      version: "1",
      description:
        "Strapi v4 content API shape (`{data: {id, attributes}, meta}`); see docs/api.md for the query " +
        "syntax and every deliberate difference from Strapi.",
    },
    servers: [{ url: serverUrl }],
    tags: [{ name: "Auth" }, { name: "Wilayah" }, { name: "Registers" }],
    paths: { ...authPaths, ...Object.assign({}, ...resources.map(resourcePaths)) },
    components: {
      securitySchemes: {
        sessionJwt: {
          type: "http",
          scheme: "bearer",
          description: "The `jwt` returned by POST /auth/local (a session token).",
        },
        apiToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "pkk_…",
          description: "An API token issued by an admin (full-access or read-only).",
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The portal's own browser session; writes need an Origin equal to the app's.",
        },
      },
      parameters: queryParameters,
      schemas,
    },
  };
}
