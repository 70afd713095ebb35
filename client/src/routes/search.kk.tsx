import { createFileRoute } from "@tanstack/react-router";
import { StatusSearchPage } from "../components/search/status-search-page.tsx";

export const Route = createFileRoute("/search/kk")({
  head: () => ({ meta: [{ title: "Cek Status Registrasi - Portal Data Keluarga PKK" }] }),
  component: StatusSearchPage,
});
