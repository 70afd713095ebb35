import { z } from "zod";

export const idSchema = z.coerce.number().int().positive();

/** RT and RW are stored as 3-digit zero-padded strings ("5" → "005"). */
export function padRtRw(value: string): string {
  return value.trim().padStart(3, "0");
}
