import { createFileRoute, redirect } from "@tanstack/react-router";
import { readRegistration } from "../components/family-form/last-registration.ts";
import { RegistrationSuccess } from "../components/family-form/registration-success.tsx";

export const Route = createFileRoute("/registrations/success")({
  head: () => ({ meta: [{ title: "Registrasi Berhasil - Portal Data Keluarga PKK" }] }),
  // Reached only right after a registration; without its data there is nothing to confirm.
  beforeLoad: () => {
    const result = readRegistration();
    if (!result) throw redirect({ to: "/registrations/family" });
    return { result };
  },
  component: SuccessRoute,
});

function SuccessRoute() {
  const { result } = Route.useRouteContext();
  return <RegistrationSuccess result={result} />;
}
