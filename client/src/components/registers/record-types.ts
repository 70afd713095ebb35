import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../server/src/trpc/router.ts";

type Outputs = inferRouterOutputs<AppRouter>;
export type RecordDetail = Outputs["registers"]["open"];
export type RecordPage = Outputs["registers"]["list"];
export type RecordListItem = RecordPage["items"][number];
export type RevisionEntry = Outputs["registers"]["revisions"][number];
