import type { FieldErrors } from "react-hook-form";
import type { FamilyRegistrationInput } from "@shared/schemas/family.ts";

/** The six tabs of the Maker Checker dialog (SPEC §2), each with the form fields it holds. */
export const recordTabs = [
  {
    key: "data",
    label: "Data Keluarga",
    fields: ["namaKepalaKeluarga", "nikKepalaKeluarga", "nomorHp", "alamatEmail", "tanggalPendataan", "address"],
  },
  { key: "members", label: "Anggota Keluarga", fields: ["members"] },
  { key: "conditions", label: "Kondisi Khusus", fields: ["specialConditions"] },
  {
    key: "house",
    label: "Rumah & Lingkungan",
    fields: ["waterSource", "mckFacility", "mckCount", "houseCriteria", "foodType"],
  },
  { key: "activities", label: "Kegiatan PKK", fields: ["communityActivities"] },
  { key: "notes", label: "Catatan", fields: ["notes", "agreement"] },
] as const;
export type RecordTabKey = (typeof recordTabs)[number]["key"];

/** The first tab holding an error, to show it after a refused Simpan. */
export function firstTabWithError(errors: FieldErrors<FamilyRegistrationInput>): RecordTabKey | null {
  const keys = Object.keys(errors);
  return recordTabs.find((tab) => tab.fields.some((field) => keys.includes(field)))?.key ?? null;
}
