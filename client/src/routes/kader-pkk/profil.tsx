import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useId } from "react";
import { useForm } from "react-hook-form";
import {
  changePasswordInput,
  levelLabels,
  profileUpdateInput,
  roleLabels,
  type ChangePasswordInput,
  type ProfileUpdateInput,
  type PublicUser,
} from "@shared/schemas/auth.ts";
import { NewPasswordFields } from "../../components/auth/new-password-fields.tsx";
import { errorProps, Field } from "../../components/field.tsx";
import { useToast } from "../../components/toast.tsx";
import { errorMessage, serverFieldErrors } from "../../lib/errors.ts";
import { requireUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

export const Route = createFileRoute("/kader-pkk/profil")({
  beforeLoad: ({ context, location }) => requireUser(context, location),
  head: () => ({ meta: [{ title: "Profil Saya" }] }),
  component: ProfilePage,
});

function ProfilePage() {
  const me = useQuery(trpc.auth.me.queryOptions());
  if (me.isPending) return <p className="mx-auto max-w-3xl px-4 py-10">Memuat profil...</p>;
  if (!me.data) return <p className="mx-auto max-w-3xl px-4 py-10">Sesi Anda telah berakhir.</p>;
  const user = me.data;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Profil Saya</h1>
      <dl className="mt-4 grid gap-2 rounded-box bg-base-200 p-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm opacity-80">Email</dt>
          <dd className="break-all font-medium">{user.email}</dd>
        </div>
        <div>
          <dt className="text-sm opacity-80">Username</dt>
          <dd className="break-all font-medium">{user.username}</dd>
        </div>
        <div>
          <dt className="text-sm opacity-80">Peran</dt>
          <dd className="font-medium">
            {roleLabels[user.role]}
            {user.level ? ` · ${levelLabels[user.level]}` : ""}
          </dd>
        </div>
        <div>
          <dt className="text-sm opacity-80">Wilayah kerja</dt>
          <dd className="font-medium">
            {user.rw ? `RW ${user.rw}` : "-"}
            {user.rt ? ` / RT ${user.rt}` : ""}
          </dd>
        </div>
      </dl>
      <ProfileForm user={user} />
      <PasswordForm />
    </section>
  );
}

function ProfileForm({ user }: { user: PublicUser }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const form = useForm<ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateInput),
    defaultValues: { fullName: user.fullName, phone: user.phone ?? "" },
  });
  const { errors } = form.formState;
  const update = useMutation(
    trpc.auth.updateProfile.mutationOptions({
      onSuccess: (updated) => {
        // The session's answer also names the user's area, which a profile change leaves as it was.
        queryClient.setQueryData(trpc.auth.me.queryKey(), (current) => current && { ...current, ...updated });
        toast({ title: "Berhasil", description: "Profil berhasil diperbarui", variant: "success" });
      },
      onError: (error) =>
        toast({
          title: "Error",
          description: errorMessage(error, { fallback: "Gagal memperbarui profil" }),
          variant: "destructive",
        }),
    }),
  );
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => update.mutate(values))}
      className="card mt-6 border border-base-300"
    >
      <div className="card-body">
        <h2 className="card-title">Data Diri</h2>
        <div className="grid gap-2 sm:grid-cols-2">
          <Field htmlFor={`${id}-name`} label="Nama lengkap" error={errors.fullName?.message} required>
            <input
              id={`${id}-name`}
              className="input w-full"
              autoComplete="name"
              {...errorProps(`${id}-name`, errors.fullName?.message)}
              {...form.register("fullName")}
            />
          </Field>
          <Field htmlFor={`${id}-phone`} label="Nomor HP" error={errors.phone?.message} required>
            <input
              id={`${id}-phone`}
              className="input w-full"
              inputMode="numeric"
              autoComplete="tel"
              {...errorProps(`${id}-phone`, errors.phone?.message)}
              {...form.register("phone")}
            />
          </Field>
        </div>
        <div className="card-actions mt-2">
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? "Menyimpan..." : "Simpan profil"}
          </button>
        </div>
      </div>
    </form>
  );
}

function PasswordForm() {
  const id = useId();
  const { toast } = useToast();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: "", password: "", passwordConfirmation: "" },
  });
  const { errors } = form.formState;
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: () => {
        form.reset();
        toast({
          title: "Berhasil",
          description: "Password berhasil diubah. Sesi di perangkat lain telah diakhiri.",
          variant: "success",
        });
      },
      onError: (error) => {
        for (const field of serverFieldErrors(error)) {
          if (field.path[0] === "currentPassword") form.setError("currentPassword", { message: field.message });
          // The server refuses common passwords (its dictionaries never reach the browser).
          if (field.path[0] === "password") form.setError("password", { message: field.message });
        }
        toast({
          title: "Error",
          description: errorMessage(error, { fallback: "Gagal mengubah password" }),
          variant: "destructive",
        });
      },
    }),
  );
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
      className="card mt-6 border border-base-300"
    >
      <div className="card-body">
        <h2 className="card-title">Ubah Password</h2>
        <Field htmlFor={`${id}-current`} label="Password lama" error={errors.currentPassword?.message} required>
          <input
            id={`${id}-current`}
            type="password"
            className="input w-full"
            autoComplete="current-password"
            {...errorProps(`${id}-current`, errors.currentPassword?.message)}
            {...form.register("currentPassword")}
          />
        </Field>
        <div className="grid gap-2 sm:grid-cols-2">
          <NewPasswordFields
            password={form.register("password")}
            confirmation={form.register("passwordConfirmation")}
            errors={{ password: errors.password?.message, confirmation: errors.passwordConfirmation?.message }}
          />
        </div>
        <div className="card-actions mt-2">
          <button type="submit" className="btn btn-primary" disabled={change.isPending}>
            {change.isPending ? "Menyimpan..." : "Ubah password"}
          </button>
        </div>
      </div>
    </form>
  );
}
