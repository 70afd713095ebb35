import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import {
  apiTokenAccessLabels,
  apiTokenAccessValues,
  createApiTokenInput,
  type CreateApiTokenInput,
} from "@shared/schemas/users.ts";
import { errorMessage } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";
import { errorProps, Field } from "../field.tsx";
import { LookupAlert } from "../lookup-alert.tsx";
import { useToast } from "../toast.tsx";
import { ConfirmDialog } from "../confirm-dialog.tsx";

/** Tokens for third parties on /api: the secret is shown once, then only its prefix. */
export function ApiTokens() {
  const id = useId();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      toast({ title: "Token disalin", description: "Tempelkan token di aplikasi pihak ketiga.", variant: "success" });
    } catch {
      toast({
        title: "Gagal menyalin",
        description: "Salin token secara manual dari kotak di atas.",
        variant: "destructive",
      });
    }
  };
  const tokens = useQuery(trpc.users.apiTokens.queryOptions());
  const form = useForm<CreateApiTokenInput>({
    resolver: zodResolver(createApiTokenInput),
    defaultValues: { name: "", description: "", access: "read-only" },
  });
  const { errors } = form.formState;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.users.apiTokens.queryKey() });
  const create = useMutation(
    trpc.users.createApiToken.mutationOptions({
      onSuccess: async (result) => {
        setShown({ name: result.apiToken.name, token: result.token });
        form.reset();
        await refresh();
      },
      onError: (error) =>
        toast({
          title: "Error",
          description: errorMessage(error, { fallback: "Gagal membuat token" }),
          variant: "destructive",
        }),
    }),
  );
  const revoke = useMutation(
    trpc.users.revokeApiToken.mutationOptions({
      onSettled: () => setRevoking(null),
      onSuccess: async () => {
        toast({ title: "Berhasil", description: "Token dicabut", variant: "success" });
        await refresh();
      },
      onError: (error) =>
        toast({
          title: "Error",
          description: errorMessage(error, { fallback: "Gagal mencabut token" }),
          variant: "destructive",
        }),
    }),
  );

  return (
    <div className="flex flex-col gap-4">
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => create.mutate(values))}
        className="rounded-box border border-base-300 p-4"
      >
        <h3 className="font-semibold">Buat token baru</h3>
        <div className="grid gap-2 sm:grid-cols-3">
          <Field htmlFor={`${id}-name`} label="Nama token" error={errors.name?.message} required>
            <input
              id={`${id}-name`}
              className="input w-full"
              {...errorProps(`${id}-name`, errors.name?.message)}
              {...form.register("name")}
            />
          </Field>
          <Field htmlFor={`${id}-desc`} label="Deskripsi (opsional)" error={errors.description?.message}>
            <input id={`${id}-desc`} className="input w-full" {...form.register("description")} />
          </Field>
          <Field htmlFor={`${id}-access`} label="Jenis akses" error={errors.access?.message} required>
            <select id={`${id}-access`} className="select w-full" {...form.register("access")}>
              {apiTokenAccessValues.map((value) => (
                <option key={value} value={value}>
                  {apiTokenAccessLabels[value]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <button type="submit" className="btn btn-primary btn-sm mt-3" disabled={create.isPending}>
          {create.isPending ? "Membuat..." : "Buat token"}
        </button>
      </form>
      {shown && (
        <div role="status" className="alert alert-warning flex-col items-start">
          <p className="font-semibold">
            Token "{shown.name}" dibuat. Salin sekarang: token ini tidak akan ditampilkan lagi.
          </p>
          <code className="block w-full break-all rounded bg-base-100 p-2 font-mono text-sm" data-testid="token-baru">
            {shown.token}
          </code>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm btn-primary" onClick={() => copy(shown.token)}>
              Salin token
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setShown(null)}>
              Sudah saya salin
            </button>
          </div>
        </div>
      )}
      {revoking && (
        <ConfirmDialog
          title="Cabut token API?"
          text={`Token "${revoking.name}" langsung berhenti berlaku; aplikasi yang memakainya tidak dapat mengakses API lagi.`}
          confirmLabel="Ya, cabut token"
          tone="error"
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate({ tokenId: revoking.id })}
          onClose={() => setRevoking(null)}
        />
      )}
      {tokens.isPending && <p>Memuat token...</p>}
      {tokens.isError && (
        <LookupAlert
          error={tokens.error}
          fallback="Gagal memuat token"
          onRetry={() => void tokens.refetch()}
          className=""
        />
      )}
      {tokens.data && tokens.data.length === 0 && <p className="rounded-box bg-base-200 p-4">Belum ada token API.</p>}
      {tokens.data && tokens.data.length > 0 && (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">Token API</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Nama</th>
                <th scope="col">Awalan</th>
                <th scope="col">Akses</th>
                <th scope="col">Dibuat</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Tindakan</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.map((token) => (
                <tr key={token.id}>
                  <td>
                    {token.name}
                    {token.description ? <span className="block text-xs">{token.description}</span> : null}
                  </td>
                  <td className="font-mono">{token.prefix}…</td>
                  <td>{apiTokenAccessLabels[token.access]}</td>
                  <td>{formatDateTime(token.createdAt)}</td>
                  <td>
                    {token.revokedAt ? (
                      <span className="badge badge-sm badge-neutral">Dicabut</span>
                    ) : (
                      <span className="badge badge-sm badge-success">Aktif</span>
                    )}
                  </td>
                  <td>
                    {!token.revokedAt && (
                      <button
                        type="button"
                        className="btn btn-outline btn-error btn-xs"
                        disabled={revoke.isPending}
                        onClick={() => setRevoking({ id: token.id, name: token.name })}
                      >
                        Cabut<span className="sr-only"> token {token.name}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
