import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../server/src/trpc/router.ts";

type Outputs = inferRouterOutputs<AppRouter>;
export type QueuePage = Outputs["registers"]["queue"];
export type QueueItem = QueuePage["items"][number];
export type HistoryEntry = Outputs["registers"]["history"][number];
