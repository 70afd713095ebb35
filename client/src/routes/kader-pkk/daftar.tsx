import { createFileRoute } from "@tanstack/react-router";
import { KaderRegisterPage } from "../../components/kader/register-page.tsx";

export const Route = createFileRoute("/kader-pkk/daftar")({
  head: () => ({ meta: [{ title: "Daftar Kader PKK" }] }),
  component: KaderRegisterPage,
});
