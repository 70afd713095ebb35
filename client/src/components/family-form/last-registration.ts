// Hands the stored record to the success page through sessionStorage (never the URL: it holds NIKs).
import type { RegisterFamilyResult } from "@shared/schemas/registration.ts";

const KEY = "pkk:last-family-registration";

export function rememberRegistration(result: RegisterFamilyResult): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(result));
}

export function readRegistration(): RegisterFamilyResult | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isResult(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function forgetRegistration(): void {
  window.sessionStorage.removeItem(KEY);
}

function isResult(value: unknown): value is RegisterFamilyResult {
  return (
    typeof value === "object" &&
    value !== null &&
    "id" in value &&
    typeof value.id === "number" &&
    "registrationNumber" in value &&
    typeof value.registrationNumber === "string" &&
    "record" in value &&
    typeof value.record === "object" &&
    value.record !== null &&
    "data" in value.record &&
    typeof value.record.data === "object" &&
    value.record.data !== null
  );
}
