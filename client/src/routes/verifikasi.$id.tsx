import { createFileRoute } from "@tanstack/react-router";
import { VerifyPage } from "../components/recaps/verify-page.tsx";

export const Route = createFileRoute("/verifikasi/$id")({
  head: () => ({ meta: [{ title: "Verifikasi Dokumen | Portal Data Keluarga PKK" }] }),
  component: VerifyRoute,
});

function VerifyRoute() {
  const { id } = Route.useParams();
  return <VerifyPage documentId={id} />;
}
