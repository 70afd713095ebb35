// 'Kabari lewat WhatsApp' (issue 15): opens wa.me with the family's number (62… form) and the message
// shared/src/family-message.ts writes once (status, the cadre's note, the status page link). Nothing
// is shown when the family gave no usable phone number.
import { statusPagePath, whatsappLink } from "@shared/family-message.ts";
import type { RegisterStatus } from "@shared/status.ts";

interface Props {
  phone: string | null;
  namaKepalaKeluarga: string;
  registrationNumber: string;
  status: RegisterStatus;
  note: string | null;
  /** On a list of families the link also names the family (its text stays 'Kabari lewat WhatsApp'). */
  named?: boolean;
  className?: string;
}

export function WhatsappLink({ phone, namaKepalaKeluarga, registrationNumber, status, note, named, className }: Props) {
  const link = whatsappLink(phone ?? "", {
    namaKepalaKeluarga,
    registrationNumber,
    status,
    note: note || null,
    statusLink: `${window.location.origin}${statusPagePath(registrationNumber)}`,
  });
  if (!link) return null;
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className={className ?? "btn btn-success btn-sm"}
      aria-label={named ? `Kabari lewat WhatsApp: ${namaKepalaKeluarga}` : undefined}
    >
      Kabari lewat WhatsApp
    </a>
  );
}
