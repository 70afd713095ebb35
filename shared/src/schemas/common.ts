import { z } from "zod";
import { isRtRwFilter, RT_RW_FILTER_MESSAGE } from "../rt-rw.ts";

export const idSchema = z.coerce.number().int().positive();

export { padRtRw } from "../rt-rw.ts";
import { padRtRw } from "../rt-rw.ts";

/** An RT/RW filter: "" and absent both mean no filter; values are compared zero-padded. */
export const rtRwFilter = z
  .string()
  .trim()
  .refine(isRtRwFilter, RT_RW_FILTER_MESSAGE)
  .transform((value) => (value === "" ? undefined : padRtRw(value)));
