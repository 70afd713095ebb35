import type { StrapiErrorBody } from "@shared/strapi.ts";

/** A REST failure in Strapi's vocabulary (ValidationError, NotFoundError, …). */
export class RestError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 500 | 503,
    readonly errorName: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  toBody(): StrapiErrorBody {
    return {
      data: null,
      error: { status: this.status, name: this.errorName, message: this.message, details: this.details },
    };
  }
}

export const invalidParameter = (name: string) => new RestError(400, "ValidationError", `Invalid parameter ${name}`);
export const restNotFound = () => new RestError(404, "NotFoundError", "Not Found");
/** A body over the server's limit, as Strapi (koa-body) answers it. */
export const payloadTooLarge = () => new RestError(413, "PayloadTooLargeError", "request entity too large");
