// Services throw DomainError; tRPC (trpc/init.ts) and REST (rest/envelope.ts) each translate it once.
export type DomainErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "TOO_MANY_REQUESTS";

export interface FieldError {
  path: string[];
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly options: { fieldErrors?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const notFound = (message = "Data tidak ditemukan") => new DomainError("NOT_FOUND", message);
export const forbidden = (message = "Anda tidak memiliki akses untuk tindakan ini") =>
  new DomainError("FORBIDDEN", message);
