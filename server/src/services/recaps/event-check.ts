// The RW verification needs the births and deaths a family reports to have their event details
// (names and dates for Lampiran 4.18a). The rule itself is shared/src/schemas/family-events.ts; this
// applies it to a stored register for the workflow service.
import { eventDetailsRefusalMessage, storedEvents } from "@shared/schemas/family-events.ts";
import type { WorkflowAction } from "@shared/status.ts";
import type { RegisterRow } from "../../db/schema/registers.ts";
import { DomainError } from "../common/errors.ts";

/** A refusal when an RW verification (RT_VERIFIED → verify) would pass a record with missing event details. */
export function eventDetailsRefusal(row: RegisterRow, action: WorkflowAction): DomainError | null {
  if (action !== "verify" || row.status !== "RT_VERIFIED" || row.formType !== "family_registration") return null;
  const message = eventDetailsRefusalMessage(
    {
      newBirth: row.newBirthCount,
      motherDeath: row.motherDeathCount,
      babyDeath: row.babyDeathCount,
      toddlerDeath: row.toddlerDeathCount,
    },
    storedEvents(row.dataRegister.events),
  );
  return message ? new DomainError("CONFLICT", message) : null;
}
