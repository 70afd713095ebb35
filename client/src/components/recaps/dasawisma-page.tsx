import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { LookupAlert } from "../lookup-alert.tsx";
import { useToast } from "../toast.tsx";

/** An RT cadre groups the households of its RT into dasawisma (10–20 each, named, with a leader). */
export function DasawismaPage() {
  const id = useId();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.dasawisma.mine.queryOptions());
  const [name, setName] = useState("");
  const [leader, setLeader] = useState("");
  const [selected, setSelected] = useState<number[]>([]);
  const [target, setTarget] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.dasawisma.pathKey() });
  const fail = (fallback: string) => (error: unknown) =>
    toast({ variant: "destructive", title: "Gagal", description: errorMessage(error, { fallback }) });
  const save = useMutation(
    trpc.dasawisma.save.mutationOptions({
      onSuccess: () => {
        toast({ variant: "success", title: "Berhasil", description: `Dasawisma ${name} dibuat` });
        setName("");
        setLeader("");
        void refresh();
      },
      onError: fail("Gagal menyimpan dasawisma"),
    }),
  );
  const assign = useMutation(
    trpc.dasawisma.assign.mutationOptions({
      onSuccess: (result) => {
        toast({ variant: "success", title: "Berhasil", description: `${result.count} rumah tangga dimasukkan` });
        setSelected([]);
        void refresh();
      },
      onError: fail("Gagal memasukkan rumah tangga"),
    }),
  );
  const unassign = useMutation(
    trpc.dasawisma.unassign.mutationOptions({ onSuccess: () => void refresh(), onError: fail("Gagal mengeluarkan") }),
  );
  const remove = useMutation(
    trpc.dasawisma.remove.mutationOptions({ onSuccess: () => void refresh(), onError: fail("Gagal menghapus") }),
  );
  const create = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name, leaderName: leader });
  };
  const data = overview.data;
  const chosen = target ?? data?.groups[0]?.id ?? null;

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Dasawisma</h1>
        {data && (
          <p className="mt-1">
            RT {data.place.rt}/RW {data.place.rw} · satu dasawisma berisi {data.min}–{data.max} rumah tangga; satu rumah
            tangga hanya masuk satu dasawisma.
          </p>
        )}
      </header>
      {overview.isPending && <p role="status">Memuat dasawisma...</p>}
      {overview.isError && (
        <LookupAlert
          error={overview.error}
          fallback="Gagal memuat dasawisma"
          onRetry={() => void overview.refetch()}
          className=""
        />
      )}
      {data && (
        <>
          <form onSubmit={create} aria-labelledby={`${id}-new`} className="card border border-base-300 bg-base-100">
            <div className="card-body gap-2 p-4">
              <h2 id={`${id}-new`} className="card-title text-base">
                Tambah dasawisma
              </h2>
              <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                <div className="fieldset">
                  <label className="fieldset-legend" htmlFor={`${id}-name`}>
                    Nama dasawisma
                  </label>
                  <input
                    id={`${id}-name`}
                    className="input w-full"
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    required
                    minLength={2}
                  />
                </div>
                <div className="fieldset">
                  <label className="fieldset-legend" htmlFor={`${id}-leader`}>
                    Nama ketua
                  </label>
                  <input
                    id={`${id}-leader`}
                    className="input w-full"
                    value={leader}
                    onChange={(e) => setLeader(e.target.value)}
                    required
                    minLength={2}
                  />
                </div>
                <button type="submit" className="btn btn-primary" disabled={save.isPending}>
                  Tambah
                </button>
              </div>
            </div>
          </form>

          <section aria-labelledby={`${id}-loose`} className="space-y-2">
            <h2 id={`${id}-loose`} className="text-lg font-semibold">
              Belum masuk dasawisma ({data.unassigned.length})
            </h2>
            {data.unassigned.length === 0 ? (
              <p>Semua rumah tangga sudah masuk dasawisma.</p>
            ) : (
              <>
                <ul className="grid gap-1 sm:grid-cols-2">
                  {data.unassigned.map((household) => (
                    <li key={household.registerId}>
                      <label className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          className="checkbox checkbox-sm"
                          checked={selected.includes(household.registerId)}
                          onChange={(event) =>
                            setSelected((current) =>
                              event.target.checked
                                ? [...current, household.registerId]
                                : current.filter((value) => value !== household.registerId),
                            )
                          }
                        />
                        {household.namaKepalaKeluarga} · {household.memberCount} jiwa · {household.statusLabel}
                      </label>
                    </li>
                  ))}
                </ul>
                {data.groups.length > 0 && (
                  <div className="flex flex-wrap items-end gap-2">
                    <div className="fieldset">
                      <label className="fieldset-legend" htmlFor={`${id}-target`}>
                        Masukkan ke dasawisma
                      </label>
                      <select
                        id={`${id}-target`}
                        className="select"
                        value={chosen ?? ""}
                        onChange={(event) => setTarget(Number(event.target.value))}
                      >
                        {data.groups.map((group) => (
                          <option key={group.id} value={group.id}>
                            {group.name}
                          </option>
                        ))}
                      </select>
                    </div>
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={selected.length === 0 || chosen === null || assign.isPending}
                      onClick={() => chosen !== null && assign.mutate({ dasawismaId: chosen, registerIds: selected })}
                    >
                      Masukkan {selected.length} rumah tangga
                    </button>
                  </div>
                )}
              </>
            )}
          </section>

          {data.groups.map((group) => (
            <section
              key={group.id}
              aria-labelledby={`${id}-g${group.id}`}
              className="card border border-base-300 bg-base-100"
            >
              <div className="card-body gap-2 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={`${id}-g${group.id}`} className="card-title text-base">
                    Dasawisma {group.name} · Ketua {group.leaderName}
                  </h2>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm text-error"
                    onClick={() => remove.mutate({ id: group.id })}
                  >
                    Hapus dasawisma
                  </button>
                </div>
                <p>
                  {group.households.length} rumah tangga{" "}
                  {group.households.length < data.min && (
                    <span className="badge badge-warning">Kurang dari {data.min} rumah tangga</span>
                  )}
                </p>
                <ul className="space-y-1">
                  {group.households.map((household) => (
                    <li key={household.registerId} className="flex flex-wrap items-center justify-between gap-2">
                      <span>
                        {household.namaKepalaKeluarga} · {household.memberCount} jiwa · {household.statusLabel}
                      </span>
                      <button
                        type="button"
                        className="btn btn-ghost btn-xs"
                        aria-label={`Keluarkan ${household.namaKepalaKeluarga} dari dasawisma ${group.name}`}
                        onClick={() => unassign.mutate({ registerId: household.registerId })}
                      >
                        Keluarkan
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
