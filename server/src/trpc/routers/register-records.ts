import {
  createRecordInput,
  deleteRecordInput,
  recordIdInput,
  recordListInput,
  updateRecordInput,
} from "@shared/schemas/register-records.ts";
import * as records from "../../services/registers/records.ts";
import { adminProcedure, authedProcedure, kaderProcedure, router } from "../init.ts";

// Reading is open to every signed-in role (the service scopes it and masks for officials); writing
// needs a cadre or an admin.
export const registerRecordsRouter = router({
  list: authedProcedure.input(recordListInput).query(({ ctx, input }) => records.listRecords(ctx.db, ctx.actor, input)),
  open: authedProcedure.input(recordIdInput).query(({ ctx, input }) => records.openRecord(ctx.db, ctx.actor, input)),
  revisions: authedProcedure
    .input(recordIdInput)
    .query(({ ctx, input }) => records.recordRevisions(ctx.db, ctx.actor, input)),
  create: kaderProcedure
    .input(createRecordInput)
    .mutation(({ ctx, input }) => records.createRecord(ctx.db, ctx.actor, input)),
  update: kaderProcedure
    .input(updateRecordInput)
    .mutation(({ ctx, input }) => records.updateRecord(ctx.db, ctx.actor, input)),
  delete: kaderProcedure
    .input(deleteRecordInput)
    .mutation(({ ctx, input }) => records.deleteRecord(ctx.db, ctx.actor, input)),
  restore: adminProcedure
    .input(recordIdInput)
    .mutation(({ ctx, input }) => records.restoreRecord(ctx.db, ctx.actor, input)),
});
