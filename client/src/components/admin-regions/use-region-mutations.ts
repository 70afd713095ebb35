import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../toast.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

/** After any change every region query (lists, statistics, pickers) is fetched again. */
export function useRefreshRegions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.regions.pathKey() });
}

/** Success and failure toasts of SPEC §8 "Data operations". */
export function useRegionToasts() {
  const { toast } = useToast();
  return {
    success: (description: "Data berhasil dibuat" | "Data berhasil diupdate" | "Data berhasil dihapus") =>
      toast({ title: "Berhasil", description, variant: "success" }),
    failure: (error: unknown, fallback: string) =>
      toast({ title: "Error", description: errorMessage(error, { fallback }), variant: "destructive" }),
  };
}

export function useDeleteDesaKelurahan(onDone: () => void) {
  const refresh = useRefreshRegions();
  const toasts = useRegionToasts();
  return useMutation(
    trpc.regions.deleteDesaKelurahan.mutationOptions({
      onSuccess: async () => {
        toasts.success("Data berhasil dihapus");
        onDone();
        await refresh();
      },
      onError: (error) => toasts.failure(error, "Failed to delete desa-kelurahan"),
    }),
  );
}
