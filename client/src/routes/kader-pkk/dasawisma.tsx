import { createFileRoute } from "@tanstack/react-router";
import { DasawismaPage } from "../../components/recaps/dasawisma-page.tsx";
import { requireUser } from "../../lib/session.ts";

export const Route = createFileRoute("/kader-pkk/dasawisma")({
  beforeLoad: async ({ context, location }) => ({ user: await requireUser(context, location, ["kader"]) }),
  head: () => ({ meta: [{ title: "Dasawisma | Portal Data Keluarga PKK" }] }),
  component: DasawismaPage,
});
