import { TRPCError } from "@trpc/server";
import { DomainError } from "../src/services/common/errors.ts";

/** The error of `kind` a call is refused with (fails the test when it succeeds or throws anything else). */
async function refusedWith<E extends Error>(promise: Promise<unknown>, kind: new (...args: never[]) => E): Promise<E> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof kind) return error;
    throw error;
  }
  throw new Error(`expected the call to be refused with a ${kind.name}`);
}

/** The DomainError a service call is refused with. */
export const refusal = (promise: Promise<unknown>): Promise<DomainError> => refusedWith(promise, DomainError);

/** The TRPCError a tRPC call is refused with. */
export const trpcRefusal = (promise: Promise<unknown>): Promise<TRPCError> => refusedWith(promise, TRPCError);
