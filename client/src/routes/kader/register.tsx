import { createFileRoute } from "@tanstack/react-router";
import { KaderRegisterPage } from "../../components/kader/register-page.tsx";

// SPEC §2: the same form under its second address.
export const Route = createFileRoute("/kader/register")({
  head: () => ({ meta: [{ title: "Daftar Kader PKK" }] }),
  component: KaderRegisterPage,
});
