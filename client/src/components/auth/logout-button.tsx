import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc.ts";

/** Ends the session on the server and goes to / (SPEC §4). */
export function LogoutButton({ className = "btn btn-outline btn-sm" }: { className?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSettled: async () => {
        queryClient.clear();
        await navigate({ to: "/" });
      },
    }),
  );
  return (
    <button type="button" className={className} onClick={() => logout.mutate()} disabled={logout.isPending}>
      {logout.isPending ? "Keluar..." : "Keluar"}
    </button>
  );
}
