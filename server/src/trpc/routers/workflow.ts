import { bulkVerifyInput, historyInput, queueInput, transitionInput } from "@shared/schemas/workflow.ts";
import * as workflow from "../../services/registers/workflow.ts";
import { authedProcedure, kaderProcedure, router } from "../init.ts";

export const workflowRouter = router({
  queue: kaderProcedure.input(queueInput).query(({ ctx, input }) => workflow.queue(ctx.db, ctx.actor, input)),
  // Reading the history is open to officials too (the service scopes it to their area).
  history: authedProcedure.input(historyInput).query(({ ctx, input }) => workflow.history(ctx.db, ctx.actor, input)),
  transition: kaderProcedure
    .input(transitionInput)
    .mutation(({ ctx, input }) => workflow.transition(ctx.db, ctx.actor, input)),
  bulkVerify: kaderProcedure
    .input(bulkVerifyInput)
    .mutation(({ ctx, input }) => workflow.bulkVerify(ctx.db, ctx.actor, input)),
});
