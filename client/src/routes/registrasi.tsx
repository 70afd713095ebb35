import { createFileRoute } from "@tanstack/react-router";
import { FamilyRegistrationPage } from "../components/family-form/family-registration-page.tsx";

export const Route = createFileRoute("/registrasi")({
  head: () => ({ meta: [{ title: "Registrasi Keluarga - Portal Data Keluarga PKK" }] }),
  component: FamilyRegistrationPage,
});
