import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, Link, redirect, useNavigate } from "@tanstack/react-router";
import { homeOf } from "@shared/paths.ts";
import { textParam } from "../../lib/search-params.ts";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { AuthCard } from "../../components/auth/auth-card.tsx";
import { loginForm, type LoginForm } from "../../components/auth/login-form.ts";
import { CaptchaField, useCaptcha } from "../../components/captcha-field.tsx";
import { errorProps, Field } from "../../components/field.tsx";
import { useToast } from "../../components/toast.tsx";
import { errorMessage, serverFieldErrors } from "../../lib/errors.ts";
import { safeRedirect } from "../../lib/redirect.ts";
import { trpc } from "../../lib/trpc.ts";

export const Route = createFileRoute("/kader-pkk/login")({
  validateSearch: (search: Record<string, unknown>): { redirect?: string; oauth?: string } => ({
    redirect: textParam(search.redirect, 2000),
    oauth: textParam(search.oauth, 100),
  }),
  // Someone already signed in has nothing to do here: straight to their home.
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.fetchQuery(context.trpc.auth.me.queryOptions());
    if (user) throw redirect({ href: homeOf(user) });
  },
  head: () => ({ meta: [{ title: "Masuk Kader PKK" }] }),
  component: LoginPage,
});

function LoginPage() {
  const id = useId();
  const search = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const captcha = useCaptcha("sum");
  const config = useQuery(trpc.config.public.queryOptions());
  const providers = useQuery(trpc.auth.providers.queryOptions());
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    defaultValues: { email: "", password: "", rememberMe: false, captchaAnswer: "" },
  });
  const { errors } = form.formState;
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async (result) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), result.user);
        toast({
          title: "Login berhasil!",
          description: `Selamat datang di dashboard Kader PKK, ${result.user.fullName}.`,
          variant: "success",
        });
        await navigate({ href: safeRedirect(search.redirect, homeOf(result.user)) });
      },
      onError: (error) => {
        for (const field of serverFieldErrors(error)) {
          if (field.path[0] === "captcha") form.setError("captchaAnswer", { message: field.message });
        }
        toast({
          title: "Login gagal",
          description: errorMessage(error, {
            fallback: "Terjadi kesalahan saat login",
            badRequest: "Email atau password salah",
            tooManyRequests: "Terlalu banyak percobaan login. Silakan coba lagi nanti",
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
    login.mutate({
      email: values.email,
      password: values.password,
      rememberMe: values.rememberMe,
      captcha: { token: captcha.challenge.token, answer: Number(values.captchaAnswer) },
    });
  });

  return (
    <AuthCard title="Masuk Kader PKK" subtitle="Masuk untuk mengelola dan memvalidasi data keluarga di wilayah Anda.">
      {search.oauth === "gagal" && (
        <div role="alert" className="alert alert-error alert-soft">
          <span>
            Masuk dengan Google gagal. Gunakan email yang sudah terdaftar dan aktif, atau masuk dengan password.
          </span>
        </div>
      )}
      <form noValidate onSubmit={submit} className="mt-2 flex flex-col gap-1">
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
        <Field htmlFor={`${id}-password`} label="Password" error={errors.password?.message} required>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            className={`input w-full ${errors.password ? "input-error" : ""}`}
            {...errorProps(`${id}-password`, errors.password?.message)}
            {...form.register("password")}
          />
        </Field>
        <label className="label mt-2 cursor-pointer gap-2 text-base-content">
          <input type="checkbox" className="checkbox checkbox-sm" {...form.register("rememberMe")} />
          Ingat saya (30 hari)
        </label>
        <CaptchaField
          captcha={captcha}
          inputProps={form.register("captchaAnswer")}
          error={errors.captchaAnswer?.message}
          label="Berapa hasil penjumlahan ini?"
        />
        <button type="submit" className="btn btn-primary mt-4" disabled={login.isPending || !captcha.challenge}>
          {login.isPending ? "Sedang masuk..." : "Masuk"}
        </button>
      </form>
      {providers.data?.google && (
        <a href="/auth/google" className="btn btn-outline mt-2">
          Masuk dengan Google
        </a>
      )}
      <div className="mt-4 flex flex-col gap-2 text-sm">
        <Link to="/kader-pkk/forgot-password" className="link link-primary">
          Lupa password?
        </Link>
        <span>
          Belum punya akun?{" "}
          <Link to="/kader-pkk/daftar" className="link link-primary">
            Daftar sebagai kader
          </Link>
        </span>
        <Link to="/kader-pkk" className="link">
          Kembali ke Portal Kader PKK
        </Link>
      </div>
      {config.data?.demoMode && config.data.demoAccounts.length > 0 && (
        <div className="mt-4 rounded-box border border-dashed border-base-300 p-3 text-sm">
          <h2 className="font-semibold">Akun demo</h2>
          <ul className="mt-1 space-y-1">
            {config.data.demoAccounts.map((account) => (
              <li key={account.email}>
                <span className="font-medium">{account.label}:</span> <span className="break-all">{account.email}</span>{" "}
                / {account.password}
              </li>
            ))}
          </ul>
        </div>
      )}
    </AuthCard>
  );
}
