// Being told (issue 15): on every status change of a family record, a mail in Indonesian if the
// family gave an e-mail. Written to the outbox inside the same transaction as the move, so a mail
// exists exactly when the move happened; the outbox worker delivers it (sealed, like every mail).
// `mail` is the server's mail config, passed by every door (tRPC, REST) that moves a status.
import { familyMessageText } from "@shared/family-message.ts";
import { statusLabel, type RegisterStatus } from "@shared/status.ts";
import type { DbOrTx } from "../../db/client.ts";
import { queueMail, type MailConfig } from "../mail/mail.ts";

export interface NotifiedRegister {
  formType: string;
  alamatEmail: string | null;
  namaKepalaKeluarga: string;
  registrationNumber: string;
}

export async function notifyFamily(
  tx: DbOrTx,
  mail: MailConfig | undefined,
  register: NotifiedRegister,
  status: RegisterStatus,
  note: string | null,
): Promise<void> {
  if (!mail || register.formType !== "family_registration" || !register.alamatEmail) return;
  await queueMail(tx, mail, {
    to: register.alamatEmail,
    subject: `Status data keluarga: ${statusLabel(status)} (${register.registrationNumber})`,
    text: familyMessageText({
      namaKepalaKeluarga: register.namaKepalaKeluarga,
      registrationNumber: register.registrationNumber,
      status,
      note,
    }),
  });
}
