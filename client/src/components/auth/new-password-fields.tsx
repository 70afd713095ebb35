import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { errorProps, Field } from "../field.tsx";

interface Props {
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string; confirmation?: string };
}

/** 'Password baru' and its confirmation, the same on the profile page and the reset-password page. */
export function NewPasswordFields({ password, confirmation, errors }: Props) {
  const id = useId();
  const inputClass = (error: string | undefined) => `input w-full ${error ? "input-error" : ""}`;
  return (
    <>
      <Field
        htmlFor={`${id}-new`}
        label="Password baru"
        error={errors.password}
        hint="Minimal 8 karakter dengan huruf besar, kecil, dan angka"
        required
      >
        <input
          id={`${id}-new`}
          type="password"
          autoComplete="new-password"
          className={inputClass(errors.password)}
          {...errorProps(`${id}-new`, errors.password)}
          {...password}
        />
      </Field>
      <Field htmlFor={`${id}-confirm`} label="Konfirmasi password baru" error={errors.confirmation} required>
        <input
          id={`${id}-confirm`}
          type="password"
          autoComplete="new-password"
          className={inputClass(errors.confirmation)}
          {...errorProps(`${id}-confirm`, errors.confirmation)}
          {...confirmation}
        />
      </Field>
    </>
  );
}
