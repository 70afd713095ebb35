import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../server/src/trpc/router.ts";

type Outputs = inferRouterOutputs<AppRouter>;
export type RecordDetail = Outputs["registerRecords"]["open"];
export type RecordPage = Outputs["registerRecords"]["list"];
export type RecordListItem = RecordPage["items"][number];
export type RevisionEntry = Outputs["registerRecords"]["revisions"][number];
