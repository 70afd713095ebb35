import { describe, expect, test } from "bun:test";
import { isMaskedBirthDate, maskBirthDate, maskNik } from "./mask.ts";

describe("maskBirthDate", () => {
  test("keeps the year only, so a masked NIK's hidden digits (DDMMYY) cannot be read off it", () => {
    const nik = "3275015405895011"; // a woman born 14 May 1989: 54 = 14 + 40
    const masked = { nik: maskNik(nik), birthDate: maskBirthDate("1989-05-14") };
    expect(masked).toEqual({ nik: "327501******5011", birthDate: "1989-**-**" });
    expect(JSON.stringify(masked)).not.toContain("05-14");
    expect(isMaskedBirthDate(masked.birthDate)).toBe(true);
    expect(isMaskedBirthDate("1989-05-14")).toBe(false);
  });

  test("an empty date stays empty; anything else not a date gives nothing away", () => {
    expect(maskBirthDate("")).toBe("");
    expect(maskBirthDate("14/05/1989")).toBe("****-**-**");
  });
});
