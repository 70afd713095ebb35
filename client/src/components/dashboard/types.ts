import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../server/src/trpc/router.ts";

type Outputs = inferRouterOutputs<AppRouter>;
export type DashboardSummary = Outputs["dashboard"]["summary"];
export type SpecialConditionsView = Outputs["registers"]["specialConditions"];
export type MonthlyReport = Outputs["reports"]["monthly"];
