import { createFileRoute } from "@tanstack/react-router";
import { StatusSearchPage } from "../components/search/status-search-page.tsx";

// ?nomor=REG-… fills the search in ('Cek Status' on the success page, the mail, the WhatsApp message).
export const Route = createFileRoute("/search/")({
  head: () => ({ meta: [{ title: "Cek Status Registrasi - Portal Data Keluarga PKK" }] }),
  validateSearch: (search: Record<string, unknown>): { nomor?: string } => ({
    nomor: typeof search.nomor === "string" ? search.nomor.slice(0, 40) : undefined,
  }),
  component: SearchRoute,
});

function SearchRoute() {
  const { nomor } = Route.useSearch();
  return <StatusSearchPage nomor={nomor} />;
}
