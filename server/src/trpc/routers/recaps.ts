import {
  dasawismaAssignInput,
  dasawismaDeleteInput,
  dasawismaSaveInput,
  dasawismaUnassignInput,
  recapExportInput,
  recapInput,
  recapStatusInput,
  reopenInput,
  signInput,
  verifyDocumentInput,
} from "@shared/schemas/recaps.ts";
import * as dasawisma from "../../services/recaps/dasawisma.ts";
import { documentInfo, exportRecap, viewRecap } from "../../services/recaps/documents.ts";
import { recapStatus, reopenSignoff, signRecap } from "../../services/recaps/signoffs.ts";
import { authedProcedure, kaderProcedure, publicProcedure, router } from "../init.ts";

export const dasawismaRouter = router({
  mine: kaderProcedure.query(({ ctx }) => dasawisma.myDasawisma(ctx.db, ctx.actor)),
  save: kaderProcedure
    .input(dasawismaSaveInput)
    .mutation(({ ctx, input }) => dasawisma.saveDasawisma(ctx.db, ctx.actor, input)),
  assign: kaderProcedure
    .input(dasawismaAssignInput)
    .mutation(({ ctx, input }) => dasawisma.assignHouseholds(ctx.db, ctx.actor, input)),
  unassign: kaderProcedure
    .input(dasawismaUnassignInput)
    .mutation(({ ctx, input }) => dasawisma.unassignHousehold(ctx.db, ctx.actor, input)),
  remove: kaderProcedure
    .input(dasawismaDeleteInput)
    .mutation(({ ctx, input }) => dasawisma.deleteDasawisma(ctx.db, ctx.actor, input)),
});

export const recapsRouter = router({
  sheet: authedProcedure.input(recapInput).query(({ ctx, input }) => viewRecap(ctx.db, ctx.actor, input)),
  status: authedProcedure.input(recapStatusInput).query(({ ctx, input }) => recapStatus(ctx.db, ctx.actor, input)),
  sign: kaderProcedure.input(signInput).mutation(({ ctx, input }) => signRecap(ctx.db, ctx.actor, input)),
  reopen: authedProcedure.input(reopenInput).mutation(({ ctx, input }) => reopenSignoff(ctx.db, ctx.actor, input)),
  // A mutation, not a query: every export is audited (and a PDF is registered for verification).
  export: authedProcedure.input(recapExportInput).mutation(({ ctx, input }) =>
    exportRecap(ctx.db, ctx.actor, input, {
      origin: ctx.config.APP_ORIGIN,
      cityName: ctx.cityName,
      signing: ctx.config,
    }),
  ),
  /** Public: the verification page behind a PDF's QR code. */
  document: publicProcedure.input(verifyDocumentInput).query(({ ctx, input }) => documentInfo(ctx.db, input)),
});
