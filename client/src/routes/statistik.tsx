import { createFileRoute } from "@tanstack/react-router";
import { StatisticsPage } from "../components/statistics/statistics-page.tsx";

// Public: aggregated figures only (small counts suppressed by the server); code-split with its charts.
export const Route = createFileRoute("/statistik")({
  component: StatisticsPage,
  head: () => ({ meta: [{ title: "Statistik Keluarga - Portal Data Keluarga PKK" }] }),
});
