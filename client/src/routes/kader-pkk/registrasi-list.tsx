import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, Link, redirect } from "@tanstack/react-router";
import { useState } from "react";
import { RecordDialog } from "../../components/registers/record-dialog.tsx";
import { RecordList } from "../../components/registers/record-list.tsx";
import { useToast } from "../../components/toast.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { flagParam, intParam } from "../../lib/search-params.ts";
import { oldLinkState, stateTerm, termState } from "../../lib/search-state.ts";
import { BackHomeLink } from "../../components/layout/back-home-link.tsx";
import { requireUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

// Page and the deleted view live in the URL; the search term lives in the history entry's state
// (lib/search-state.ts says why).
function listSearch(search: Record<string, unknown>): { page?: number; deleted?: boolean } {
  return { page: intParam(search.page, 1), deleted: flagParam(search.deleted) };
}

export const Route = createFileRoute("/kader-pkk/registrasi-list")({
  validateSearch: listSearch,
  beforeLoad: async ({ context, location, search }) => {
    // An old bookmark or link with ?q=: its term moves into the entry's state and the entry's URL is
    // replaced without it. First, so that a visitor without a session is not sent to the login page
    // with the term in its redirect parameter.
    const moved = oldLinkState(location.search, "q", "registrasiSearch");
    if (moved) {
      throw redirect({
        to: "/kader-pkk/registrasi-list",
        // Not `search` itself: a route's search keeps the URL's unknown keys, q among them.
        search: { page: search.page, deleted: search.deleted },
        state: moved,
        replace: true,
      });
    }
    return {
      user: await requireUser(context, location, ["kader", "admin", "aparat"]),
      // Read here rather than from the location in the component: a route's context changes with its
      // search when a navigation completes, while the location changes as it starts.
      term: stateTerm(location.state, "registrasiSearch"),
    };
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, deleted: search.deleted ?? false }),
  loader: ({ context, deps, location }) =>
    context.queryClient.prefetchQuery(
      context.trpc.registers.list.queryOptions({ search: stateTerm(location.state, "registrasiSearch"), ...deps }),
    ),
  head: () => ({ meta: [{ title: "Semua Registrasi | Portal Data Keluarga PKK" }] }),
  component: RegistrationsPage,
});

function RegistrationsPage() {
  const { user, term } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [open, setOpen] = useState<{ id: number | null } | null>(null);
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const deleted = user.role === "admin" && search.deleted === true;
  const restore = useMutation(
    trpc.registers.restore.mutationOptions({
      onSuccess: async () => {
        toast({ variant: "success", title: "Berhasil", description: "Data berhasil dipulihkan" });
        await queryClient.invalidateQueries({ queryKey: trpc.registers.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() });
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: errorMessage(error, { fallback: "Failed to update register" }),
        }),
    }),
  );

  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-8">
      <BackHomeLink user={user} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{deleted ? "Data Terhapus" : "Semua Registrasi"}</h1>
        <div className="flex flex-wrap gap-2">
          {user.role === "admin" && (
            <Link
              to="/kader-pkk/registrasi-list"
              search={deleted ? {} : { deleted: true }}
              className="btn btn-sm btn-outline"
            >
              {deleted ? "Tampilkan data aktif" : "Tampilkan data terhapus"}
            </Link>
          )}
          {user.role !== "aparat" && !deleted && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen({ id: null })}>
              + Tambah Keluarga Baru
            </button>
          )}
        </div>
      </div>
      <RecordList
        key={`${term}-${deleted}`}
        label={deleted ? "Data terhapus" : "Semua registrasi"}
        search={term}
        page={search.page ?? 1}
        deleted={deleted}
        onSearch={(q) =>
          navigate({ search: (prev) => ({ ...prev, page: undefined }), state: termState("registrasiSearch", q) })
        }
        onPage={(page) =>
          navigate({ search: (prev) => ({ ...prev, page }), state: termState("registrasiSearch", term) })
        }
        action={(item) =>
          deleted ? (
            <button
              type="button"
              className="btn btn-sm"
              disabled={restore.isPending}
              onClick={() => restore.mutate({ registerId: item.id })}
              aria-label={`Pulihkan ${item.namaKK}`}
            >
              Pulihkan
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => setOpen({ id: item.id })}
              aria-label={`Maker Checker ${item.namaKK}`}
            >
              Maker Checker
            </button>
          )
        }
      />
      {open && <RecordDialog key={open.id ?? "baru"} registerId={open.id} onClose={() => setOpen(null)} />}
    </div>
  );
}
