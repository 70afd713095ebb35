import { expect, type APIRequestContext } from "@playwright/test";
import { randomInt, randomUUID } from "node:crypto";
import { uniqueNik } from "./family.ts";

// What a resident's browser sends, for tests that need fresh families of their own (demo families
// are shared by every test file, so tests that move records must not depend on which are left).

const origin = () => new URL(`http://localhost:${process.env.E2E_PORT ?? 3100}`).origin;
/** Every resident comes from their own address (the e2e server trusts a proxy): no shared rate limit. */
const headers = () => ({
  origin: origin(),
  "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
});

function solve(question: string): number {
  const match = /(\d+) ([+\-×]) (\d+)/.exec(question);
  if (!match) throw new Error(`unexpected captcha question ${question}`);
  const [a, b] = [Number(match[1]), Number(match[3])];
  return match[2] === "+" ? a + b : match[2] === "-" ? a - b : a * b;
}

async function trpcMutation<T>(
  request: APIRequestContext,
  path: string,
  input: unknown,
  sentHeaders: Record<string, string>,
): Promise<T> {
  const response = await request.post(`/trpc/${path}`, { data: input, headers: sentHeaders });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).result.data;
}

async function trpcQuery<T>(request: APIRequestContext, path: string, input?: unknown): Promise<T> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await request.get(`/trpc/${path}${query}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).result.data;
}

async function solvedCaptcha(
  request: APIRequestContext,
  kind: "family" | "search",
  sentHeaders: Record<string, string>,
) {
  const challenge = await trpcMutation<{ token: string; question: string }>(
    request,
    "captcha.issue",
    { kind },
    sentHeaders,
  );
  return { token: challenge.token, answer: solve(challenge.question) };
}

/**
 * Registers a new family through the public registration call in the given ward (by official code)
 * and RW/RT; answers its registration number and head NIK.
 */
export async function registerFamilyViaApi(
  request: APIRequestContext,
  place: { wardKode: string; rw: string; rt: string },
  headName = "Hadi Kurniawan",
  options: { wifeName?: string } = {},
): Promise<{ registrationNumber: string; nik: string }> {
  const districtKode = place.wardKode.split(".").slice(0, 3).join(".");
  const districts = await trpcQuery<Array<{ id: number; kode: string }>>(request, "regions.kecamatan");
  const district = districts.find((row) => row.kode === districtKode);
  if (!district) throw new Error(`no kecamatan ${districtKode}`);
  const wards = await trpcQuery<Array<{ id: number; kode: string }>>(request, "regions.desaKelurahan", {
    kecamatanId: district.id,
  });
  const ward = wards.find((row) => row.kode === place.wardKode);
  if (!ward) throw new Error(`no ward ${place.wardKode}`);
  const nik = uniqueNik();
  const sentHeaders = headers();
  const noneOf = <K extends string>(keys: K[]) =>
    Object.fromEntries(
      keys.flatMap((key) => [
        [key, false],
        [`${key}Count`, 0],
      ]),
    );
  const form = {
    namaKepalaKeluarga: headName,
    nikKepalaKeluarga: nik,
    nomorHp: "081298765432",
    alamatEmail: "",
    tanggalPendataan: new Date().toISOString().slice(0, 10),
    address: { kecamatanId: district.id, desaKelurahanId: ward.id, rw: place.rw, rt: place.rt },
    members: [
      {
        nik,
        fullName: headName,
        relationship: "Kepala Keluarga",
        maritalStatus: "Kawin",
        gender: "Laki-laki",
        birthDate: "1980-05-17",
        occupation: "Wiraswasta",
        education: "SMA/SMK",
      },
      ...(options.wifeName
        ? [
            {
              nik: uniqueNik(),
              fullName: options.wifeName,
              relationship: "Istri",
              maritalStatus: "Kawin",
              gender: "Perempuan",
              birthDate: "1983-08-21",
              occupation: "Wiraswasta",
              education: "SMA/SMK",
            },
          ]
        : []),
    ],
    specialConditions: noneOf([
      "pregnant",
      "blind",
      "nursing",
      "motherDeath",
      "babyDeath",
      "toddlerDeath",
      "newBirth",
      "birthCertificate",
      "postpartum",
    ]),
    waterSource: "PDAM",
    mckFacility: true,
    mckCount: 1,
    houseCriteria: {
      healthy: true,
      lessHealthy: false,
      hasTrashBin: true,
      hasDrainage: true,
      hasWaterAbsorption: false,
    },
    foodType: "Beras",
    communityActivities: { up2k: false, yardUtilization: true, homeIndustry: false, environmentalHealth: true },
    notes: "",
    agreement: true,
  };
  const result = await trpcMutation<{ registrationNumber: string }>(
    request,
    "registers.registerFamily",
    { form, captcha: await solvedCaptcha(request, "family", sentHeaders), idempotencyKey: randomUUID() },
    sentHeaders,
  );
  return { registrationNumber: result.registrationNumber, nik };
}

/** The public status search by NIK, as the search page sends it; answers the status labels found. */
export async function searchStatusViaApi(request: APIRequestContext, nik: string): Promise<string[]> {
  const sentHeaders = headers();
  const answer = await trpcMutation<{ results: Array<{ statusLabel: string }> }>(
    request,
    "registers.searchStatus",
    { query: nik, captcha: await solvedCaptcha(request, "search", sentHeaders) },
    sentHeaders,
  );
  return answer.results.map((row) => row.statusLabel);
}
