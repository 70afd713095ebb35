import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, Resolver } from "react-hook-form";
import { familyRegistrationSchema, type FamilyRegistration } from "@shared/schemas/family.ts";
import type { FamilyFormValues } from "./form-values.ts";

/**
 * zodResolver with the shared schema, typed for the form's own values (empty choices allowed while
 * typing): the first message of each field, nested the way react-hook-form reads errors.
 */
export const familyResolver: Resolver<FamilyFormValues, unknown, FamilyRegistration> = async (
  values,
  _context,
  options,
) => {
  const result = familyRegistrationSchema.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const flat: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    flat[path] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};
