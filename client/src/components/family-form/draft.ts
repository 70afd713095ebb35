// The form's draft in sessionStorage: restored after a reload or a lost connection in the same tab,
// cleared after a successful submission, gone when the tab closes. Not localStorage: the draft holds
// every member's NIK, birth date and the family's health conditions, and a form abandoned on a shared
// computer (a kelurahan office, a kiosk) showed them to the next person who opened /registrasi.
// The idempotency key travels with it, so a resend after a lost answer is recognised by the server.
import { z } from "zod";
import { emptyFamilyForm, familyFormValuesSchema, type FamilyFormValues } from "./form-values.ts";

const DRAFT_KEY = "pkk:family-registration-draft";

const draftSchema = z.object({ values: familyFormValuesSchema, idempotencyKey: z.string().min(16) });
export interface FamilyDraft {
  values: FamilyFormValues;
  idempotencyKey: string;
}

/** The draft stored as `raw`, each field recovered on its own; null when it is no draft at all. */
export function parseDraft(raw: string): FamilyDraft | null {
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function loadDraft(): FamilyDraft & { restored: boolean } {
  try {
    // A draft an earlier version left in localStorage outlives every tab: removed, never restored.
    window.localStorage.removeItem(DRAFT_KEY);
    const raw = window.sessionStorage.getItem(DRAFT_KEY);
    const draft = raw ? parseDraft(raw) : null;
    if (draft) return { ...draft, restored: true };
  } catch {
    // Storage blocked or a corrupt draft: start with an empty form.
  }
  return { values: emptyFamilyForm(), idempotencyKey: crypto.randomUUID(), restored: false };
}

export function saveDraft(draft: FamilyDraft): void {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // A full or blocked storage only loses the draft, never the form on screen.
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
