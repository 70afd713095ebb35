import { bulkVerifyInput, historyInput, queueInput, transitionInput } from "@shared/schemas/workflow.ts";
import * as workflow from "../../services/workflow.ts";
import { kaderProcedure, router } from "../init.ts";

export const workflowRouter = router({
  queue: kaderProcedure.input(queueInput).query(({ ctx, input }) => workflow.queue(ctx.db, ctx.actor, input)),
  history: kaderProcedure.input(historyInput).query(({ ctx, input }) => workflow.history(ctx.db, ctx.actor, input)),
  transition: kaderProcedure.input(transitionInput).mutation(({ ctx, input }) => workflow.transition(ctx.db, ctx.actor, input)),
  bulkVerify: kaderProcedure.input(bulkVerifyInput).mutation(({ ctx, input }) => workflow.bulkVerify(ctx.db, ctx.actor, input)),
});
