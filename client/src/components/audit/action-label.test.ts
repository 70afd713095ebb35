import { describe, expect, test } from "bun:test";
import { auditActions } from "@shared/audit-actions.ts";
import { auditActionLabel, auditActionOptions } from "./action-label.ts";

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
