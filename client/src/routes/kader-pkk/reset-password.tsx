import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { textParam } from "../../lib/search-params.ts";
import { useForm } from "react-hook-form";
import { resetPasswordInput, type ResetPasswordInput } from "@shared/schemas/auth.ts";
import { AuthCard } from "../../components/auth/auth-card.tsx";
import { NewPasswordFields } from "../../components/auth/new-password-fields.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

export const Route = createFileRoute("/kader-pkk/reset-password")({
  validateSearch: (search: Record<string, unknown>): { code?: string } => ({ code: textParam(search.code, 200) }),
  head: () => ({ meta: [{ title: "Atur Ulang Password" }] }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { code } = Route.useSearch();
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordInput),
    defaultValues: { code: code ?? "", password: "", passwordConfirmation: "" },
  });
  const { errors } = form.formState;
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());

  if (!code) {
    return (
      <AuthCard title="Atur Ulang Password">
        <div role="alert" className="alert alert-error alert-soft">
          <span>Tautan reset tidak lengkap. Minta tautan baru.</span>
        </div>
        <Link to="/kader-pkk/forgot-password" className="btn btn-primary mt-4">
          Minta tautan baru
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Atur Ulang Password" subtitle="Buat password baru untuk akun Anda.">
      {reset.isSuccess ? (
        <>
          <div role="status" className="alert alert-success alert-soft">
            <span>Password berhasil diubah. Silakan masuk dengan password baru.</span>
          </div>
          <Link to="/kader-pkk/login" className="btn btn-primary mt-4">
            Masuk
          </Link>
        </>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))} className="flex flex-col gap-1">
          <NewPasswordFields
            password={form.register("password")}
            confirmation={form.register("passwordConfirmation")}
            errors={{ password: errors.password?.message, confirmation: errors.passwordConfirmation?.message }}
          />
          {reset.isError && (
            <div role="alert" className="alert alert-error alert-soft mt-2">
              <span>{errorMessage(reset.error, { fallback: "Terjadi kesalahan. Silakan coba lagi." })}</span>
              <Link to="/kader-pkk/forgot-password" className="link">
                Minta tautan baru
              </Link>
            </div>
          )}
          <button type="submit" className="btn btn-primary mt-4" disabled={reset.isPending}>
            {reset.isPending ? "Menyimpan..." : "Simpan password baru"}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
