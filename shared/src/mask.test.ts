import { describe, expect, test } from "bun:test";
import { isMaskedBirthDate, maskBirthDate, maskContactsInText, maskNik } from "./mask.ts";

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

describe("maskContactsInText: a cadre's note as the public and officials read it", () => {
  test("NIKs, phone numbers and e-mail addresses written in it are masked as the fields are; the words stay", () => {
    expect(
      maskContactsInText("NIK istri 3275016111000291 tidak sesuai KK; HP 081355556666; ibu hamil perlu dicek bidan"),
    ).toBe("NIK istri 327501******0291 tidak sesuai KK; HP 0813*****666; ibu hamil perlu dicek bidan");
    expect(maskContactsInText("hubungi 0813-5555-6666, 0813 5555 6666 atau budi.s@contoh.id")).toBe(
      "hubungi 0813*****666, 0813*****666 atau b***@contoh.id",
    );
    expect(maskContactsInText("+62 813 5555 6666")).toBe("6281******666");
  });

  test("RT, RW, years, counts and dates are left alone", () => {
    const note = "RT 001 RW 005: 3 anggota, lahir 2019-04-05, tahun 2026, nomor rumah 17";
    expect(maskContactsInText(note)).toBe(note);
  });
});
