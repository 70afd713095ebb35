import { useEffect } from "react";
import { onUnavailable } from "../lib/unavailable.ts";
import { useToast } from "./toast.tsx";

/** Shows the server's 503 message ('Layanan sedang tidak tersedia…') as a toast. */
export function UnavailableNotice() {
  const { toast } = useToast();
  useEffect(
    () =>
      onUnavailable((message) => toast({ title: "Gangguan layanan", description: message, variant: "destructive" })),
    [toast],
  );
  return null;
}
