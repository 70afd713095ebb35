import { TRPCError } from "@trpc/server";
import { DomainError } from "../src/services/common/errors.ts";

/** The DomainError a call is refused with (fails the test when it succeeds or throws anything else). */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected the call to be refused with a DomainError");
}

/** The TRPCError a tRPC call is refused with (fails the test when it succeeds or throws anything else). */
export async function trpcRefusal(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error("expected the call to be refused with a TRPCError");
}
