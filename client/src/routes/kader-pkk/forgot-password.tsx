import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { forgotPasswordInput, type ForgotPasswordInput } from "@shared/schemas/auth.ts";
import { AuthCard } from "../../components/auth/auth-card.tsx";
import { errorProps, Field } from "../../components/field.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

export const Route = createFileRoute("/kader-pkk/forgot-password")({
  head: () => ({ meta: [{ title: "Lupa Password" }] }),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const id = useId();
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordInput),
    defaultValues: { email: "" },
  });
  const { errors } = form.formState;
  const forgot = useMutation(trpc.auth.forgotPassword.mutationOptions());

  return (
    <AuthCard
      title="Lupa Password"
      subtitle="Masukkan email akun Anda. Kami akan mengirim tautan untuk membuat password baru."
    >
      {forgot.isSuccess ? (
        <div role="status" className="alert alert-success alert-soft">
          <span>{forgot.data.message}</span>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => forgot.mutate(values))}
          className="flex flex-col gap-1"
        >
          <Field htmlFor={`${id}-email`} label="Email" error={errors.email?.message} required>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              className={`input w-full ${errors.email ? "input-error" : ""}`}
              {...errorProps(`${id}-email`, errors.email?.message)}
              {...form.register("email")}
            />
          </Field>
          {forgot.isError && (
            <div role="alert" className="alert alert-error alert-soft mt-2">
              <span>
                {errorMessage(forgot.error, {
                  fallback: "Terjadi kesalahan. Silakan coba lagi.",
                  tooManyRequests: "Terlalu banyak permintaan. Silakan coba lagi nanti",
                })}
              </span>
            </div>
          )}
          <button type="submit" className="btn btn-primary mt-4" disabled={forgot.isPending}>
            {forgot.isPending ? "Mengirim..." : "Kirim tautan reset"}
          </button>
        </form>
      )}
      <Link to="/kader-pkk/login" className="link link-primary mt-4 text-sm">
        Kembali ke halaman masuk
      </Link>
    </AuthCard>
  );
}
