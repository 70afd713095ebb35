// The spec's enumerations (SPEC §3), the single list for forms, schemas, the database and filters.

// ─── Family form ──────────────────────────────────────────────────────────────────────────────
export const waterSources = [
  "PDAM",
  "Sumur Bor",
  "Sumur Gali",
  "Air Sungai",
  "Air Hujan",
  "Mata Air",
  "Lainnya",
] as const;
export const foodTypes = ["Beras", "Non Beras"] as const;
export const relationships = ["Kepala Keluarga", "Suami", "Istri", "Anak", "Orang Tua", "Saudara", "Lainnya"] as const;
export const maritalStatuses = ["Belum Kawin", "Kawin", "Cerai Hidup", "Cerai Mati"] as const;
export const genders = ["Laki-laki", "Perempuan"] as const;
export const educations = ["Tidak/Belum Sekolah", "SD/MI", "SMP/MTs", "SMA/SMK", "D1/D2/D3", "S1", "S2", "S3"] as const;
export const occupations = [
  "Ibu Rumah Tangga",
  "Pelajar",
  "Karyawan Swasta",
  "PNS",
  "Wiraswasta",
  "Pedagang",
  "Tidak Bekerja",
  "Lainnya",
] as const;

/** The nine special conditions, in the spec's order, with their display labels. */
export const specialConditionKeys = [
  "pregnant",
  "blind",
  "nursing",
  "motherDeath",
  "babyDeath",
  "toddlerDeath",
  "newBirth",
  "birthCertificate",
  "postpartum",
] as const;
export type SpecialConditionKey = (typeof specialConditionKeys)[number];
export const specialConditionLabels: Record<SpecialConditionKey, string> = {
  pregnant: "Hamil",
  nursing: "Menyusui",
  blind: "Tunanetra",
  motherDeath: "Ibu Meninggal",
  babyDeath: "Bayi Meninggal",
  toddlerDeath: "Balita Meninggal",
  newBirth: "Kelahiran Baru",
  birthCertificate: "Akta Lahir",
  postpartum: "Nifas",
};
/** The form groups deaths and births apart from the other conditions. */
export const specialConditionGroups: Array<{ title: string; keys: SpecialConditionKey[] }> = [
  { title: "Kondisi Khusus", keys: ["pregnant", "nursing", "blind", "postpartum"] },
  { title: "Kematian", keys: ["motherDeath", "babyDeath", "toddlerDeath"] },
  { title: "Kelahiran", keys: ["newBirth", "birthCertificate"] },
];

export const houseCriteriaKeys = [
  "healthy",
  "lessHealthy",
  "hasTrashBin",
  "hasDrainage",
  "hasWaterAbsorption",
] as const;
export type HouseCriteriaKey = (typeof houseCriteriaKeys)[number];
export const houseCriteriaLabels: Record<HouseCriteriaKey, string> = {
  healthy: "Rumah Sehat",
  lessHealthy: "Rumah Kurang Sehat",
  hasTrashBin: "Memiliki Tempat Sampah",
  hasDrainage: "Memiliki Saluran Pembuangan Air Limbah",
  hasWaterAbsorption: "Memiliki Sumur Resapan",
};

export const communityActivityKeys = ["up2k", "yardUtilization", "homeIndustry", "environmentalHealth"] as const;
export type CommunityActivityKey = (typeof communityActivityKeys)[number];
export const communityActivityLabels: Record<CommunityActivityKey, string> = {
  up2k: "UP2K (Usaha Peningkatan Pendapatan Keluarga)",
  yardUtilization: "Pemanfaatan Pekarangan",
  homeIndustry: "Industri Rumah Tangga",
  environmentalHealth: "Kesehatan Lingkungan",
};

// ─── Cadre form ───────────────────────────────────────────────────────────────────────────────
export const kaderWaterSources = [
  "pam",
  "sumur-bor",
  "sumur-galian",
  "mata-air",
  "air-hujan",
  "sungai",
  "lainnya",
] as const;
export const kaderMckOptions = ["wc-sendiri", "wc-bersama", "wc-umum", "tidak-ada"] as const;
export const roofTypes = ["genteng", "seng", "asbes", "ijuk", "lainnya"] as const;
export const wallTypes = ["tembok", "kayu", "bambu", "seng", "lainnya"] as const;
export const floorTypes = ["keramik", "semen", "tanah", "kayu", "lainnya"] as const;
export const houseConditions = ["sangat-baik", "baik", "kurang-baik", "rusak"] as const;
export const kaderStaples = ["beras", "jagung", "singkong", "sagu", "kentang", "lainnya"] as const;
export const jabatanOptions = [
  "Ketua PKK RT",
  "Sekretaris PKK RT",
  "Bendahara PKK RT",
  "Ketua Pokja I",
  "Ketua Pokja II",
  "Ketua Pokja III",
  "Ketua Pokja IV",
  "Kader PKK",
] as const;

// ─── Regions ─────────────────────────────────────────────────────────────────────────────────
export const jenisWilayah = ["desa", "kelurahan"] as const;
export type JenisWilayah = (typeof jenisWilayah)[number];
export const jenisFilter = ["all", ...jenisWilayah] as const;
export type JenisFilter = (typeof jenisFilter)[number];
