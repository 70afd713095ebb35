import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import {
  floorTypes,
  houseConditions,
  jabatanOptions,
  kaderMckOptions,
  kaderStaples,
  kaderWaterSources,
  roofTypes,
  wallTypes,
} from "@shared/enums.ts";
import {
  digitsOnly,
  KADER_CONSENT_TEXT,
  kaderOptionLabels,
  kaderRegistrationForm,
  type KaderRegistrationFormValues,
} from "@shared/schemas/kader.ts";
import { errorMessage, serverFieldErrors } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { CaptchaField, useCaptcha } from "../captcha-field.tsx";
import { errorProps, Field } from "../field.tsx";
import { LookupAlert } from "../lookup-alert.tsx";
import { useToast } from "../toast.tsx";
import { LocationCard } from "./location-card.tsx";
import { nikInputProps } from "../../lib/nik-input.ts";

const optionalNumber = (value: unknown) =>
  value === "" || value === null || value === undefined ? undefined : Number(value);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="card border border-base-300">
      <div className="card-body gap-1 p-4 sm:p-6">
        <legend className="card-title text-lg">{title}</legend>
        {children}
      </div>
    </fieldset>
  );
}

function SelectInput({
  id,
  error,
  placeholder,
  options,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  error?: string;
  placeholder: string;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <select id={id} className={`select w-full ${error ? "select-error" : ""}`} {...errorProps(id, error)} {...props}>
      <option value="">{placeholder}</option>
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}

const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => [value, labels[value]] as const);

/** The cadre account registration form of SPEC §2, used by /kader-pkk/daftar and /kader/register. */
export function KaderRegistrationForm() {
  const id = useId();
  const navigate = useNavigate();
  const { toast } = useToast();
  // Called only when the question is about to expire, after `form` below exists.
  const captcha = useCaptcha("sum", () => form.getValues("captchaAnswer").trim() === "");
  const config = useQuery(trpc.config.public.queryOptions());
  const form = useForm<KaderRegistrationFormValues>({
    resolver: zodResolver(kaderRegistrationForm),
    defaultValues: {
      fullName: "",
      email: "",
      phone: "",
      nik: "",
      nip: "",
      regencyCode: "",
      kecamatanKode: "",
      rw: "",
      rt: "",
      kondisiKhususKeluarga: { lansia: false, disabilitas: false, balita: false, ibuHamil: false, kronisLainnya: "" },
      wargaMengikutiKegiatan: {
        kegiatanPKK: false,
        posyandu: false,
        koperasi: false,
        tabungan: false,
        kegiatanLainnya: "",
      },
      catatanTambahan: "",
      password: "",
      confirmPassword: "",
      captchaAnswer: "",
    },
  });
  const { errors } = form.formState;
  const regencyCode = form.watch("regencyCode");
  const kecamatanKode = form.watch("kecamatanKode");

  // The work-area kelurahan comes from the city's wards in the database, matched by district code.
  const cityDistricts = useQuery(trpc.regions.kecamatan.queryOptions());
  const cityDistrict = cityDistricts.data?.find((item) => item.kode === kecamatanKode);
  const wards = useQuery({
    ...trpc.regions.desaKelurahan.queryOptions({ kecamatanId: cityDistrict?.id ?? 0 }),
    enabled: cityDistrict !== undefined,
  });
  const outsideCity = kecamatanKode !== "" && cityDistricts.isSuccess && cityDistrict === undefined;

  const register = useMutation(
    trpc.kader.register.mutationOptions({
      onSuccess: async (result) => {
        toast({
          title: "Pendaftaran berhasil!",
          description: "Akun Anda akan diverifikasi oleh admin sebelum dapat digunakan.",
          variant: "success",
        });
        await navigate({ to: "/kader/registration-success", state: { kaderRegistration: result } });
      },
      onError: (error) => {
        for (const field of serverFieldErrors(error)) {
          const path = field.path[0] === "captcha" ? "captchaAnswer" : field.path.join(".");
          if (isFormPath(path)) form.setError(path, { message: field.message });
        }
        toast({
          title: "Registrasi gagal",
          description: errorMessage(error, {
            fallback: "Terjadi kesalahan saat registrasi",
            badRequest: "Data yang dimasukkan tidak valid",
            tooManyRequests: "Terlalu banyak percobaan registrasi. Silakan coba lagi nanti",
          }),
          variant: "destructive",
        });
        form.setValue("captchaAnswer", "");
        captcha.refresh();
      },
    }),
  );

  const submit = form.handleSubmit((values) => {
    if (!captcha.challenge) return;
    const { captchaAnswer, ...rest } = kaderRegistrationForm.parse(values);
    register.mutate({ ...rest, captcha: { token: captcha.challenge.token, answer: Number(captchaAnswer) } });
  });

  const err = (path: FieldPath<KaderRegistrationFormValues>): string | undefined =>
    errors && form.getFieldState(path, form.formState).error?.message;
  const f = (name: string) => `${id}-${name.replaceAll(".", "-")}`;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Section title="Data Pribadi">
        <div className="grid gap-2 sm:grid-cols-2">
          <Field htmlFor={f("fullName")} label="Nama lengkap" error={err("fullName")} required>
            <input
              id={f("fullName")}
              className="input w-full"
              autoComplete="name"
              {...errorProps(f("fullName"), err("fullName"))}
              {...form.register("fullName")}
            />
          </Field>
          <Field htmlFor={f("email")} label="Email" error={err("email")} required>
            <input
              id={f("email")}
              type="email"
              className="input w-full"
              autoComplete="email"
              {...errorProps(f("email"), err("email"))}
              {...form.register("email")}
            />
          </Field>
          <Field htmlFor={f("phone")} label="Nomor HP" error={err("phone")} required>
            <input
              id={f("phone")}
              className="input w-full"
              inputMode="numeric"
              autoComplete="tel"
              {...errorProps(f("phone"), err("phone"))}
              {...form.register("phone")}
            />
          </Field>
          <Field htmlFor={f("nik")} label="NIK" error={err("nik")} hint="16 digit angka sesuai KTP" required>
            <input
              id={f("nik")}
              className="input w-full"
              {...nikInputProps}
              {...errorProps(f("nik"), err("nik"))}
              {...form.register("nik", { setValueAs: (value: string) => digitsOnly(value) })}
            />
          </Field>
        </div>
      </Section>

      <Section title="Data Jabatan">
        <div className="grid gap-2 sm:grid-cols-2">
          <Field htmlFor={f("jabatan")} label="Jabatan" error={err("jabatan")} required>
            <SelectInput
              id={f("jabatan")}
              error={err("jabatan")}
              placeholder="Pilih jabatan"
              options={jabatanOptions.map((item) => [item, item] as const)}
              {...form.register("jabatan")}
            />
          </Field>
          <Field htmlFor={f("nip")} label="NIP (opsional)" error={err("nip")}>
            <input
              id={f("nip")}
              className="input w-full"
              {...errorProps(f("nip"), err("nip"))}
              {...form.register("nip")}
            />
          </Field>
        </div>
      </Section>

      <Section title="Wilayah Kerja">
        <LocationCard
          regencyCode={regencyCode}
          kecamatanKode={kecamatanKode}
          onRegencyChange={(code) => {
            form.setValue("regencyCode", code, { shouldValidate: form.formState.isSubmitted });
            form.setValue("kecamatanKode", "");
            form.resetField("desaKelurahanId");
          }}
          onKecamatanChange={(kode) => {
            form.setValue("kecamatanKode", kode, { shouldValidate: form.formState.isSubmitted });
            form.resetField("desaKelurahanId");
          }}
          regencyError={err("regencyCode")}
          kecamatanError={err("kecamatanKode")}
        />
        {outsideCity && (
          <p role="status" className="alert alert-warning alert-soft mt-2">
            Wilayah kerja hanya tersedia di {config.data?.cityName ?? "kota ini"}. Pilih kecamatan di{" "}
            {config.data?.cityName ?? "kota ini"}.
          </p>
        )}
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          <Field htmlFor={f("desaKelurahanId")} label="Kelurahan/Desa" error={err("desaKelurahanId")} required>
            <SelectInput
              id={f("desaKelurahanId")}
              error={err("desaKelurahanId")}
              disabled={!cityDistrict || wards.isPending || wards.isError}
              placeholder={
                !cityDistrict
                  ? "Pilih kecamatan terlebih dahulu"
                  : wards.isPending
                    ? "Memuat kelurahan..."
                    : "Pilih kelurahan/desa"
              }
              options={(wards.data ?? []).map((item) => [String(item.id), item.nama] as const)}
              {...form.register("desaKelurahanId", { setValueAs: optionalNumber })}
            />
            {cityDistricts.isError && (
              <LookupAlert
                error={cityDistricts.error}
                fallback="Failed to fetch kecamatan options"
                onRetry={() => cityDistricts.refetch()}
              />
            )}
            {wards.isError && (
              <LookupAlert
                error={wards.error}
                fallback="Failed to fetch desa-kelurahan options"
                onRetry={() => wards.refetch()}
              />
            )}
          </Field>
          <Field htmlFor={f("rw")} label="RW" error={err("rw")} required>
            <input
              id={f("rw")}
              className="input w-full"
              inputMode="numeric"
              maxLength={3}
              {...errorProps(f("rw"), err("rw"))}
              {...form.register("rw")}
            />
          </Field>
          <Field htmlFor={f("rt")} label="RT" error={err("rt")} required>
            <input
              id={f("rt")}
              className="input w-full"
              inputMode="numeric"
              maxLength={3}
              {...errorProps(f("rt"), err("rt"))}
              {...form.register("rt")}
            />
          </Field>
        </div>
      </Section>

      <Section title="Keamanan Akun">
        <div className="grid gap-2 sm:grid-cols-2">
          <Field
            htmlFor={f("password")}
            label="Password"
            error={err("password")}
            hint="Minimal 8 karakter dengan huruf besar, kecil, dan angka"
            required
          >
            <input
              id={f("password")}
              type="password"
              className="input w-full"
              autoComplete="new-password"
              {...errorProps(f("password"), err("password"))}
              {...form.register("password")}
            />
          </Field>
          <Field htmlFor={f("confirmPassword")} label="Konfirmasi password" error={err("confirmPassword")} required>
            <input
              id={f("confirmPassword")}
              type="password"
              className="input w-full"
              autoComplete="new-password"
              {...errorProps(f("confirmPassword"), err("confirmPassword"))}
              {...form.register("confirmPassword")}
            />
          </Field>
        </div>
      </Section>

      <Section title="Jumlah Anggota Keluarga">
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {(
            [
              ["anggotaKeluarga.jumlahAnggota", "Jumlah anggota", true],
              ["anggotaKeluarga.jumlahLakiLaki", "Laki-laki", false],
              ["anggotaKeluarga.jumlahPerempuan", "Perempuan", false],
              ["anggotaKeluarga.jumlahAnak", "Anak", false],
            ] as const
          ).map(([name, label, required]) => (
            <Field key={name} htmlFor={f(name)} label={label} error={err(name)} required={required}>
              <input
                id={f(name)}
                type="number"
                min={0}
                max={50}
                className="input w-full"
                {...errorProps(f(name), err(name))}
                {...form.register(name, { setValueAs: optionalNumber })}
              />
            </Field>
          ))}
        </div>
      </Section>

      <Section title="Kondisi Khusus Keluarga">
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ["kondisiKhususKeluarga.lansia", "Ada lansia"],
              ["kondisiKhususKeluarga.disabilitas", "Ada penyandang disabilitas"],
              ["kondisiKhususKeluarga.balita", "Ada balita"],
              ["kondisiKhususKeluarga.ibuHamil", "Ada ibu hamil"],
            ] as const
          ).map(([name, label]) => (
            <label key={name} className="label cursor-pointer gap-2 text-base-content">
              <input type="checkbox" className="checkbox checkbox-sm" {...form.register(name)} /> {label}
            </label>
          ))}
        </div>
        <Field
          htmlFor={f("kronis")}
          label="Penyakit kronis atau kondisi lain (opsional)"
          error={err("kondisiKhususKeluarga.kronisLainnya")}
        >
          <input id={f("kronis")} className="input w-full" {...form.register("kondisiKhususKeluarga.kronisLainnya")} />
        </Field>
      </Section>

      <Section title="Sumber Air dan Sarana MCK">
        <div className="grid gap-2 sm:grid-cols-2">
          <Field htmlFor={f("air")} label="Sumber air keluarga" error={err("sumberAirKeluarga")} required>
            <SelectInput
              id={f("air")}
              error={err("sumberAirKeluarga")}
              placeholder="Pilih sumber air"
              options={labelled(kaderWaterSources, kaderOptionLabels.sumberAir)}
              {...form.register("sumberAirKeluarga")}
            />
          </Field>
          <Field htmlFor={f("mck")} label="Sarana MCK" error={err("saranaMCK")} required>
            <SelectInput
              id={f("mck")}
              error={err("saranaMCK")}
              placeholder="Pilih sarana MCK"
              options={labelled(kaderMckOptions, kaderOptionLabels.mck)}
              {...form.register("saranaMCK")}
            />
          </Field>
        </div>
      </Section>

      <Section title="Kriteria Rumah">
        <div className="grid gap-2 sm:grid-cols-2">
          <Field htmlFor={f("atap")} label="Jenis atap" error={err("kriteriaRumah.jenisAtap")} required>
            <SelectInput
              id={f("atap")}
              error={err("kriteriaRumah.jenisAtap")}
              placeholder="Pilih jenis atap"
              options={labelled(roofTypes, kaderOptionLabels.atap)}
              {...form.register("kriteriaRumah.jenisAtap")}
            />
          </Field>
          <Field htmlFor={f("dinding")} label="Jenis dinding" error={err("kriteriaRumah.jenisDinding")} required>
            <SelectInput
              id={f("dinding")}
              error={err("kriteriaRumah.jenisDinding")}
              placeholder="Pilih jenis dinding"
              options={labelled(wallTypes, kaderOptionLabels.dinding)}
              {...form.register("kriteriaRumah.jenisDinding")}
            />
          </Field>
          <Field htmlFor={f("lantai")} label="Jenis lantai" error={err("kriteriaRumah.jenisLantai")} required>
            <SelectInput
              id={f("lantai")}
              error={err("kriteriaRumah.jenisLantai")}
              placeholder="Pilih jenis lantai"
              options={labelled(floorTypes, kaderOptionLabels.lantai)}
              {...form.register("kriteriaRumah.jenisLantai")}
            />
          </Field>
          <Field htmlFor={f("kondisi")} label="Kondisi rumah" error={err("kriteriaRumah.kondisiRumah")} required>
            <SelectInput
              id={f("kondisi")}
              error={err("kriteriaRumah.kondisiRumah")}
              placeholder="Pilih kondisi rumah"
              options={labelled(houseConditions, kaderOptionLabels.kondisi)}
              {...form.register("kriteriaRumah.kondisiRumah")}
            />
          </Field>
        </div>
      </Section>

      <Section title="Makanan Pokok">
        <Field htmlFor={f("makanan")} label="Makanan pokok keluarga" error={err("makananPokokKeluarga")} required>
          <SelectInput
            id={f("makanan")}
            error={err("makananPokokKeluarga")}
            placeholder="Pilih makanan pokok"
            options={labelled(kaderStaples, kaderOptionLabels.makanan)}
            {...form.register("makananPokokKeluarga")}
          />
        </Field>
      </Section>

      <Section title="Kegiatan yang Diikuti Warga">
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ["wargaMengikutiKegiatan.kegiatanPKK", "Kegiatan PKK"],
              ["wargaMengikutiKegiatan.posyandu", "Posyandu"],
              ["wargaMengikutiKegiatan.koperasi", "Koperasi"],
              ["wargaMengikutiKegiatan.tabungan", "Tabungan"],
            ] as const
          ).map(([name, label]) => (
            <label key={name} className="label cursor-pointer gap-2 text-base-content">
              <input type="checkbox" className="checkbox checkbox-sm" {...form.register(name)} /> {label}
            </label>
          ))}
        </div>
        <Field
          htmlFor={f("kegiatanLain")}
          label="Kegiatan lainnya (opsional)"
          error={err("wargaMengikutiKegiatan.kegiatanLainnya")}
        >
          <input
            id={f("kegiatanLain")}
            className="input w-full"
            {...form.register("wargaMengikutiKegiatan.kegiatanLainnya")}
          />
        </Field>
      </Section>

      <Section title="Catatan Tambahan">
        <Field htmlFor={f("catatan")} label="Catatan (opsional)" error={err("catatanTambahan")}>
          <textarea
            id={f("catatan")}
            className="textarea w-full"
            rows={3}
            maxLength={500}
            {...errorProps(f("catatan"), err("catatanTambahan"))}
            {...form.register("catatanTambahan")}
          />
        </Field>
      </Section>

      <Section title="Persetujuan">
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            id={f("agreement")}
            className="checkbox checkbox-primary mt-1"
            {...errorProps(f("agreement"), err("agreement"))}
            {...form.register("agreement")}
          />
          <span>{KADER_CONSENT_TEXT}</span>
        </label>
        {err("agreement") && (
          <p id={`${f("agreement")}-error`} className="text-sm text-error">
            {err("agreement")}
          </p>
        )}
      </Section>

      <CaptchaField
        captcha={captcha}
        inputProps={form.register("captchaAnswer")}
        error={err("captchaAnswer")}
        label="Berapa hasil penjumlahan ini?"
      />

      <button type="submit" className="btn btn-primary" disabled={register.isPending || !captcha.challenge}>
        {register.isPending ? "Sedang Mendaftar..." : "Daftar sebagai Kader"}
      </button>
    </form>
  );
}

const formPaths: ReadonlySet<string> = new Set([
  "fullName",
  "email",
  "phone",
  "nik",
  "nip",
  "jabatan",
  "regencyCode",
  "kecamatanKode",
  "desaKelurahanId",
  "rw",
  "rt",
  "password",
  "confirmPassword",
  "captchaAnswer",
  "agreement",
  "sumberAirKeluarga",
  "saranaMCK",
  "makananPokokKeluarga",
  "catatanTambahan",
]);

function isFormPath(path: string): path is FieldPath<KaderRegistrationFormValues> {
  return formPaths.has(path);
}
