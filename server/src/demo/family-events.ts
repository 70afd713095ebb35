// Demo event details (Lampiran 4.18a) matching the generated special-condition counts, so generated
// families pass the RW verification rule. Deterministic from the serial: it draws no random numbers,
// which keeps every other generated field as it was.
import type { BirthEvent, DeathEvent, FamilyEvents } from "@shared/schemas/family-events.ts";
import type { FamilyMember } from "@shared/schemas/family.ts";

const causes = ["Sakit", "Demam tinggi", "Komplikasi persalinan", "Kecelakaan"];

function countOf(conditions: Record<string, unknown>, key: string): number {
  const value = conditions[`${key}Count`];
  return conditions[key] === true && typeof value === "number" ? value : 0;
}

export function demoFamilyEvents(
  conditions: Record<string, unknown>,
  members: FamilyMember[],
  date: string,
  serial: number,
): FamilyEvents {
  const mother = members.find((member) => member.relationship === "Istri")?.fullName ?? "Ibu";
  const lastName = members[0]?.fullName.split(" ").slice(-1)[0] ?? "";
  const certificates = countOf(conditions, "birthCertificate");
  const births: BirthEvent[] = Array.from({ length: countOf(conditions, "newBirth") }, (_, index) => ({
    motherName: mother,
    babyName: `Bayi ${index + 1} ${lastName}`.trim(),
    sex: (serial + index) % 2 === 0 ? "Laki-laki" : "Perempuan",
    birthDate: date,
    hasBirthCertificate: index < certificates,
  }));
  const deaths: DeathEvent[] = [];
  const add = (category: DeathEvent["category"], key: string, name: string) => {
    for (let index = 0; index < countOf(conditions, key); index += 1) {
      deaths.push({
        name,
        category,
        sex: category === "ibu" || (serial + index) % 2 === 1 ? "Perempuan" : "Laki-laki",
        deathDate: date,
        cause: causes[(serial + index) % causes.length] ?? "Sakit",
      });
    }
  };
  add("ibu", "motherDeath", mother);
  add("bayi", "babyDeath", `Bayi ${lastName}`.trim());
  add("balita", "toddlerDeath", `Anak ${lastName}`.trim());
  return { births, deaths };
}
