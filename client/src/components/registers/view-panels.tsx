import type { ReactNode } from "react";
import {
  communityActivityKeys,
  communityActivityLabels,
  houseCriteriaKeys,
  houseCriteriaLabels,
  specialConditionGroups,
  specialConditionLabels,
} from "@shared/enums.ts";
import { formatBirthDate, formatDate } from "./labels.ts";
import type { RecordDetail } from "./record-types.ts";
import type { RecordTabKey } from "./tabs.ts";
import { FamilyEventsView } from "./family-events-editor.tsx";

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

const yesNo = (value: boolean) => (value ? "Ya" : "Tidak");

/** One tab of a record in view mode. Officials get masked NIKs and no health fields (server side). */
export function ViewPanel({ tab, record }: { tab: RecordTabKey; record: RecordDetail }) {
  const data = record.data;
  switch (tab) {
    case "data":
      return (
        <dl className="grid gap-3 sm:grid-cols-2">
          <Item label="Nama Kepala Keluarga">{data.namaKepalaKeluarga}</Item>
          <Item label="NIK Kepala Keluarga">{data.nikKepalaKeluarga}</Item>
          <Item label="Nomor HP">{data.nomorHp}</Item>
          <Item label="Email">{data.alamatEmail || "-"}</Item>
          <Item label="Tanggal Pendataan">{formatDate(data.tanggalPendataan)}</Item>
          <Item label="Nomor Registrasi">{record.registrationNumber}</Item>
          <Item label="Alamat">
            RT {data.address.rt}/RW {data.address.rw}, {record.ward ?? "-"}, {record.district ?? "-"}
          </Item>
          <Item label="Diinput oleh">{record.createdByName ?? "Warga (formulir publik)"}</Item>
        </dl>
      );
    case "members":
      return (
        <ul className="space-y-2">
          {data.members.map((member, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: masked NIKs can repeat; the list is never reordered in place.
            <li key={`${member.nik}-${index}`} className="rounded-box border border-base-300 p-3">
              <p className="font-medium break-words">{member.fullName}</p>
              <p className="text-sm break-all">NIK {member.nik}</p>
              <p className="text-sm">
                {member.relationship} · {member.gender} · {member.maritalStatus} · lahir{" "}
                {formatBirthDate(member.birthDate)} · {member.occupation} · {member.education}
              </p>
            </li>
          ))}
        </ul>
      );
    case "conditions": {
      const conditions = data.specialConditions;
      if (!conditions) return <p>Data kesehatan keluarga hanya dapat dilihat oleh kader dan admin.</p>;
      return (
        <div className="space-y-3">
          {specialConditionGroups.map((group) => (
            <section key={group.title}>
              <h4 className="font-semibold">{group.title}</h4>
              <dl className="grid gap-2 sm:grid-cols-2">
                {group.keys.map((key) => (
                  <Item key={key} label={specialConditionLabels[key]}>
                    {conditions[key] ? `Ya (${conditions[`${key}Count`]} orang)` : "Tidak"}
                  </Item>
                ))}
              </dl>
            </section>
          ))}
          <FamilyEventsView events={data.events} />
        </div>
      );
    }
    case "house":
      return (
        <dl className="grid gap-3 sm:grid-cols-2">
          <Item label="Sumber Air">{data.waterSource}</Item>
          <Item label="MCK">{data.mckFacility ? `Ada (${data.mckCount})` : "Tidak ada"}</Item>
          <Item label="Makanan Pokok">{data.foodType}</Item>
          {houseCriteriaKeys.map((key) => (
            <Item key={key} label={houseCriteriaLabels[key]}>
              {yesNo(data.houseCriteria[key])}
            </Item>
          ))}
        </dl>
      );
    case "activities":
      return (
        <dl className="grid gap-3 sm:grid-cols-2">
          {communityActivityKeys.map((key) => (
            <Item key={key} label={communityActivityLabels[key]}>
              {yesNo(data.communityActivities[key])}
            </Item>
          ))}
        </dl>
      );
    case "notes":
      return <p className="whitespace-pre-wrap break-words">{data.notes || "Tidak ada catatan."}</p>;
  }
}
