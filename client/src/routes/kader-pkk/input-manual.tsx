import { createFileRoute } from "@tanstack/react-router";
import { RecordDialog } from "../../components/registers/record-dialog.tsx";
import { requireUser } from "../../lib/session.ts";

// SPEC §2: manual input opens the new-family form directly in the Maker Checker dialog (edit mode).
export const Route = createFileRoute("/kader-pkk/input-manual")({
  beforeLoad: async ({ context, location }) => ({ user: await requireUser(context, location, ["kader", "admin"]) }),
  head: () => ({ meta: [{ title: "Input Manual Data Keluarga | Portal Data Keluarga PKK" }] }),
  component: InputManualPage,
});

function InputManualPage() {
  const navigate = Route.useNavigate();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">Input Manual Data Keluarga</h1>
      <p className="mt-1">Isi data keluarga pada dialog. Data yang disimpan masuk ke antrean verifikasi RT.</p>
      <RecordDialog registerId={null} onClose={() => navigate({ to: "/kader-pkk/registrasi-list" })} />
    </div>
  );
}
