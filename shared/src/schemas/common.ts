import { z } from "zod";
import { isRtRwFilter, RT_RW_FILTER_MESSAGE } from "../rt-rw.ts";

export const idSchema = z.coerce.number().int().positive();

/** RT and RW are stored as 3-digit zero-padded strings ("5" → "005"). */
export function padRtRw(value: string): string {
  return value.trim().padStart(3, "0");
}

/** An RT/RW filter: "" and absent both mean no filter; values are compared zero-padded. */
export const rtRwFilter = z
  .string()
  .trim()
  .refine(isRtRwFilter, RT_RW_FILTER_MESSAGE)
  .transform((value) => (value === "" ? undefined : padRtRw(value)));
