// Household data that makes sense (issue 15): the rules between the members and the counts, written
// once here and applied by the family schema, so the public form, the Maker Checker and the REST API
// give the same Indonesian message next to the same field. Zod-free, so any page may use it.

export interface RuleMember {
  nik: string;
  gender: string;
  birthDate: string;
}

export interface RuleFamily {
  tanggalPendataan: string;
  members: RuleMember[];
  specialConditions: Record<string, boolean | number>;
  houseCriteria: { healthy: boolean; lessHealthy: boolean };
}

export interface RuleIssue {
  path: Array<string | number>;
  message: string;
}

export const houseExclusiveMessage = "Pilih salah satu: Rumah Sehat atau Rumah Kurang Sehat";
export const womanNeededMessage = "Harus ada anggota perempuan berusia 10–55 tahun";
export const babyNeededMessage = "Harus ada anggota berusia di bawah 1 tahun";
export const countAboveMessage = (limit: number) => `Jumlah melebihi anggota yang memenuhi (${limit})`;

/** The year (0), month (1) or day (2) of a 'YYYY-MM-DD' text, as `text.split("-").map(Number)[index]`. */
function datePart(text: string, index: number): number {
  let start = 0;
  for (let part = 0; part < index; part += 1) {
    const dash = text.indexOf("-", start);
    if (dash < 0) return Number.NaN;
    start = dash + 1;
  }
  const end = text.indexOf("-", start);
  return Number(end < 0 ? text.slice(start) : text.slice(start, end));
}

/** Whole years between a birth date and a day (both YYYY-MM-DD), as a calendar counts them. */
export function ageInYears(birthDate: string, onDay: string): number {
  // Read in place (no split arrays): the generator asks this for every member of a million families.
  const by = datePart(birthDate, 0);
  const bm = datePart(birthDate, 1);
  const bd = datePart(birthDate, 2);
  const y = datePart(onDay, 0);
  const m = datePart(onDay, 1);
  const d = datePart(onDay, 2);
  if (!by || !bm || !bd || !y || !m || !d) return Number.NaN;
  const beforeBirthday = m < bm || (m === bm && d < bd);
  return y - by - (beforeBirthday ? 1 : 0);
}

// A member and their age on the survey day (computed once by the caller, who asks for several cohorts).
const isWomanOfChildbearingAge = (member: RuleMember, age: number) =>
  member.gender === "Perempuan" && age >= 10 && age <= 55;
const isUnderOne = (_member: RuleMember, age: number) => age >= 0 && age < 1;

/** Each counted condition and who among the members could have it. */
const conditionCohorts: Array<{ key: string; who: (member: RuleMember, age: number) => boolean; none: string }> = [
  { key: "pregnant", who: isWomanOfChildbearingAge, none: womanNeededMessage },
  { key: "nursing", who: isWomanOfChildbearingAge, none: womanNeededMessage },
  { key: "postpartum", who: isWomanOfChildbearingAge, none: womanNeededMessage },
  { key: "newBirth", who: isUnderOne, none: babyNeededMessage },
  { key: "birthCertificate", who: isUnderOne, none: babyNeededMessage },
  { key: "blind", who: () => true, none: "Minimal satu anggota keluarga" },
];

/** How many members could have a counted condition (all members for one without a cohort rule). */
export function eligibleCount(key: string, members: RuleMember[], day: string): number {
  const cohort = conditionCohorts.find((item) => item.key === key);
  return cohort
    ? members.filter((member) => cohort.who(member, ageInYears(member.birthDate, day))).length
    : members.length;
}

/**
 * eligibleCount for any key, each member's age computed once: the bulk generator asks for all nine
 * conditions of every family, and the ages were most of its drawing time.
 */
export function eligibleCounts(members: RuleMember[], day: string): (key: string) => number {
  const ages = members.map((member) => ageInYears(member.birthDate, day));
  const counts = new Map(
    conditionCohorts.map(({ key, who }) => [
      key,
      members.filter((member, index) => who(member, ages[index] ?? Number.NaN)).length,
    ]),
  );
  return (key) => counts.get(key) ?? members.length;
}

/** The hard rules: a family that breaks one is refused with the message beside the field. */
export function householdIssues(family: RuleFamily): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (family.houseCriteria.healthy && family.houseCriteria.lessHealthy) {
    issues.push({ path: ["houseCriteria", "lessHealthy"], message: houseExclusiveMessage });
  }
  const day = family.tanggalPendataan;
  for (const { key, who, none } of conditionCohorts) {
    const ticked = family.specialConditions[key] === true;
    const count = family.specialConditions[`${key}Count`];
    if (!ticked || typeof count !== "number" || count < 1) continue;
    const eligible = family.members.filter((member) => who(member, ageInYears(member.birthDate, day))).length;
    if (eligible === 0) issues.push({ path: ["specialConditions", `${key}Count`], message: none });
    else if (count > eligible) {
      issues.push({ path: ["specialConditions", `${key}Count`], message: countAboveMessage(eligible) });
    }
  }
  return issues;
}

/**
 * The birth date inside a NIK (digits 7–12 as DDMMYY, day + 40 for women) against the member's birth
 * date and sex. Real documents disagree sometimes, so this is a warning a cadre may confirm, never a
 * refusal. Null when they agree or the NIK is not complete.
 */
export function nikBirthWarning(member: RuleMember): string | null {
  if (!/^\d{16}$/.test(member.nik) || !/^\d{4}-\d{2}-\d{2}$/.test(member.birthDate)) return null;
  const day = Number(member.nik.slice(6, 8));
  const month = member.nik.slice(8, 10);
  const year = member.nik.slice(10, 12);
  const woman = day > 40;
  const birthDay = String(woman ? day - 40 : day).padStart(2, "0");
  const [y, m, d] = member.birthDate.split("-");
  const sameDate = birthDay === d && month === m && year === y?.slice(2);
  const sameSex = woman === (member.gender === "Perempuan");
  if (sameDate && sameSex) return null;
  if (!sameDate) return `Tanggal lahir di NIK (${birthDay}-${month}-${year}) berbeda dengan tanggal lahir anggota`;
  return woman
    ? "NIK ini menunjukkan perempuan, jenis kelamin anggota berbeda"
    : "NIK ini menunjukkan laki-laki, jenis kelamin anggota berbeda";
}

/** Every member whose NIK disagrees with the birth date or sex typed for them (index and warning). */
export function nikBirthWarnings(members: RuleMember[]): Array<{ index: number; message: string }> {
  return members.flatMap((member, index) => {
    const message = nikBirthWarning(member);
    return message ? [{ index, message }] : [];
  });
}

/** What the cadre ticks after checking the family's documents (Maker Checker) — or sends as `nik_confirmed` (REST). */
export const nikConfirmationLabel = "Saya sudah memeriksa dokumen; data NIK ini benar";
export const nikConfirmationNeededMessage =
  "NIK tidak sesuai dengan tanggal lahir/jenis kelamin. Periksa dokumen keluarga, lalu centang konfirmasi";

/**
 * The NIK warnings a cadre must confirm before a save is accepted: every member whose NIK disagrees
 * with the birth date or sex, unless a cadre already confirmed that member as it is (same NIK, birth
 * date and sex, listed in `confirmed`). A member the family sent that way is confirmed by the first
 * cadre save; changing the NIK, birth date or sex asks again. The family's own form never needs it.
 */
export function nikWarningsToConfirm(
  members: RuleMember[],
  confirmed: RuleMember[] | null = null,
): Array<{ index: number; message: string }> {
  return nikBirthWarnings(members).filter(({ index }) => {
    const member = members[index];
    return !confirmed || !member || !confirmed.some((earlier) => sameNikFacts(earlier, member));
  });
}

/** The same NIK, birth date and sex: a confirmation given for one holds for the other. */
export function sameNikFacts(a: RuleMember, b: RuleMember): boolean {
  return a.nik === b.nik && a.birthDate === b.birthDate && a.gender === b.gender;
}
