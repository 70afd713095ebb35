// Every register procedure under one name (DESIGN §2): the public form and status search, the
// Maker Checker records, the validation workflow and the special-conditions monitor. Procedures only
// translate: the register module (services/registers/) decides who sees and changes what.
import {
  createRecordInput,
  deleteRecordInput,
  recordIdInput,
  recordListInput,
  reopenRecordInput,
  setLocationInput,
  specialConditionsInput,
  updateRecordInput,
} from "@shared/schemas/register-records.ts";
import { registerFamilyInput } from "@shared/schemas/registration.ts";
import { searchStatusInput } from "@shared/schemas/search.ts";
import { correctionAccessInput, correctionSubmitInput } from "@shared/schemas/correction.ts";
import * as correction from "../../services/registers/family-correction.ts";
import { bulkVerifyInput, historyInput, queueInput, transitionInput } from "@shared/schemas/workflow.ts";
import * as publicRegistration from "../../services/registers/public-registration.ts";
import * as records from "../../services/registers/records.ts";
import * as search from "../../services/registers/search.ts";
import { specialConditions } from "../../services/registers/special-conditions.ts";
import { householdMap } from "../../services/registers/household-map.ts";
import * as workflow from "../../services/registers/workflow.ts";
import { validationTargetsOf } from "../../services/registers/deadlines.ts";
import { adminProcedure, authedProcedure, kaderProcedure, publicProcedure, router } from "../init.ts";

// Reading is open to every signed-in role (the module scopes it and masks for officials); writing
// needs a cadre or an admin.
export const registersRouter = router({
  registerFamily: publicProcedure
    .input(registerFamilyInput)
    .mutation(({ ctx, input }) => publicRegistration.registerFamily(ctx.db, ctx.config.APP_SECRET, ctx.actor, input)),
  // A mutation (POST body), never a query: the NIK must not travel in a URL or an access log.
  searchStatus: publicProcedure
    .input(searchStatusInput)
    .mutation(({ ctx, input }) => search.searchStatus(ctx.db, ctx.config.APP_SECRET, ctx.actor, input)),
  // 'Perbaiki Data': the family proves ownership (three facts), then sends its corrected data.
  openCorrection: publicProcedure
    .input(correctionAccessInput)
    .mutation(({ ctx, input }) => correction.openCorrection(ctx.db, ctx.config.APP_SECRET, ctx.actor, input)),
  submitCorrection: publicProcedure
    .input(correctionSubmitInput)
    .mutation(({ ctx, input }) => correction.submitCorrection(ctx.db, ctx.config, ctx.actor, input)),

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
  reopen: kaderProcedure
    .input(reopenRecordInput)
    .mutation(({ ctx, input }) => records.reopenRecord(ctx.db, ctx.actor, input, ctx.config)),

  // The house location (issue 19): recorded by cadres in the Maker Checker, read on the cadres' map.
  setLocation: kaderProcedure
    .input(setLocationInput)
    .mutation(({ ctx, input }) => records.setRecordLocation(ctx.db, ctx.actor, input)),
  householdMap: kaderProcedure.query(({ ctx }) => householdMap(ctx.db, ctx.actor)),

  queue: kaderProcedure
    .input(queueInput)
    .query(({ ctx, input }) => workflow.queue(ctx.db, ctx.actor, input, validationTargetsOf(ctx.config))),
  // Reading the history is open to officials too (the module scopes it to their area).
  history: authedProcedure.input(historyInput).query(({ ctx, input }) => workflow.history(ctx.db, ctx.actor, input)),
  transition: kaderProcedure
    .input(transitionInput)
    .mutation(({ ctx, input }) => workflow.transition(ctx.db, ctx.actor, input, ctx.config)),
  bulkVerify: kaderProcedure
    .input(bulkVerifyInput)
    .mutation(({ ctx, input }) => workflow.bulkVerify(ctx.db, ctx.actor, input, ctx.config)),

  specialConditions: authedProcedure
    .input(specialConditionsInput)
    .query(({ ctx, input }) => specialConditions(ctx.db, ctx.actor, input)),
});
