import { describe, expect, test } from "bun:test";
import { auditActions } from "@shared/audit-actions.ts";
import { auditActionLabel, auditActionOptions, describeAuditRecord } from "./action-label.ts";

describe("the audit log screen's action names", () => {
  test("every action the server writes is offered in the filter under an Indonesian name", () => {
    expect(auditActionOptions.map((option) => option.value)).toEqual([...auditActions]);
    for (const action of auditActions) expect(auditActionLabel(action)).not.toBe(action);
  });

  test("an admin's approval, rejection, block and unblock of an account read as such", () => {
    expect(auditActionLabel("user.approve")).toBe("Menyetujui pendaftaran kader serta tingkat dan wilayah kerjanya");
    expect(auditActionLabel("user.status")).toBe("Menolak, memblokir atau membuka blokir akun pengguna");
  });
});

describe("the audit log screen's record column", () => {
  const entry = { entityId: null, recordCount: null, registrationNumber: null };

  test("names every kind of record the server writes in Indonesian, never by its table name", () => {
    expect(describeAuditRecord({ ...entry, entity: "registers", recordCount: 10 })).toBe("10 data keluarga");
    expect(describeAuditRecord({ ...entry, entity: "users", entityId: 12 })).toBe("Pengguna #12");
    expect(describeAuditRecord({ ...entry, entity: "registers" })).toBe("Data keluarga");
    expect(describeAuditRecord({ ...entry, entity: "reports" })).toBe("Laporan");
    expect(describeAuditRecord({ ...entry, entity: "recap" })).toBe("Rekap PKK");
    expect(describeAuditRecord({ ...entry, entity: "recap_signoff", entityId: 3 })).toBe("Tanda tangan rekap PKK #3");
    expect(describeAuditRecord({ ...entry, entity: "dasawisma", entityId: 4 })).toBe("Dasawisma #4");
    expect(describeAuditRecord({ ...entry, entity: "registers", recordCount: 1250 })).toBe("1.250 data keluarga");
    expect(describeAuditRecord({ ...entry, entity: "kecamatan", entityId: 13 })).toBe("Kecamatan #13");
    expect(describeAuditRecord({ ...entry, entity: "desa_kelurahan", entityId: 57 })).toBe("Desa/kelurahan #57");
    expect(describeAuditRecord({ ...entry, entity: "api_tokens", entityId: 2 })).toBe("Token API #2");
    expect(describeAuditRecord({ ...entry, entity: "boundaries" })).toBe("Batas wilayah");
  });

  test("a family's registration number stays as it is; an unknown kind is shown as written", () => {
    expect(describeAuditRecord({ ...entry, entity: "registers", registrationNumber: "REG-1" })).toBe("REG-1");
    expect(describeAuditRecord({ ...entry, entity: "something_new", entityId: 1 })).toBe("something_new #1");
  });
});
