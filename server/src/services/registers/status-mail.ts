// Being told (issue 15): on every status change of a family record, a mail in Indonesian if the
// family gave an e-mail. Written to the outbox inside the same transaction as the move, so a mail
// exists exactly when the move happened; the outbox delivers it.
import { familyMessageText } from "@shared/family-message.ts";
import { statusLabel, type RegisterStatus } from "@shared/status.ts";
import type { DbOrTx } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/auth-tokens.ts";

export interface NotifiedRegister {
  formType: string;
  alamatEmail: string | null;
  namaKepalaKeluarga: string;
  registrationNumber: string;
}

export async function notifyFamily(
  tx: DbOrTx,
  register: NotifiedRegister,
  status: RegisterStatus,
  note: string | null,
): Promise<void> {
  if (register.formType !== "family_registration" || !register.alamatEmail) return;
  await tx.insert(emailOutbox).values({
    to: register.alamatEmail,
    subject: `Status data keluarga: ${statusLabel(status)} (${register.registrationNumber})`,
    body: familyMessageText({
      namaKepalaKeluarga: register.namaKepalaKeluarga,
      registrationNumber: register.registrationNumber,
      status,
      note,
    }),
  });
}
