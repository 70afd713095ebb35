import {
  apiTokenIdInput,
  approveKaderInput,
  createApiTokenInput,
  rejectKaderInput,
  updateUserAccessInput,
  userIdInput,
  userListInput,
} from "@shared/schemas/users.ts";
import * as apiTokens from "../../services/accounts/api-tokens.ts";
import * as users from "../../services/accounts/users.ts";
import * as userAccess from "../../services/accounts/user-access.ts";
import { adminProcedure, router } from "../init.ts";

export const usersRouter = router({
  pendingKader: adminProcedure.query(({ ctx }) => users.listPendingKader(ctx.db, ctx.actor)),
  approveKader: adminProcedure
    .input(approveKaderInput)
    .mutation(({ ctx, input }) => users.approveKader(ctx.db, ctx.config, ctx.actor, input)),
  rejectKader: adminProcedure
    .input(rejectKaderInput)
    .mutation(({ ctx, input }) => users.rejectKader(ctx.db, ctx.config, ctx.actor, input)),
  list: adminProcedure.input(userListInput).query(({ ctx, input }) => users.listUsers(ctx.db, ctx.actor, input)),
  block: adminProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => users.blockUser(ctx.db, ctx.actor, input.userId)),
  unblock: adminProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => users.unblockUser(ctx.db, ctx.actor, input.userId)),
  updateAccess: adminProcedure
    .input(updateUserAccessInput)
    .mutation(({ ctx, input }) => userAccess.updateUserAccess(ctx.db, ctx.actor, input)),
  sendPasswordReset: adminProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => userAccess.sendPasswordReset(ctx.db, ctx.config, ctx.actor, input)),
  apiTokens: adminProcedure.query(({ ctx }) => apiTokens.listApiTokens(ctx.db, ctx.actor)),
  createApiToken: adminProcedure
    .input(createApiTokenInput)
    .mutation(({ ctx, input }) => apiTokens.createApiToken(ctx.db, ctx.actor, input)),
  revokeApiToken: adminProcedure
    .input(apiTokenIdInput)
    .mutation(({ ctx, input }) => apiTokens.revokeApiToken(ctx.db, ctx.actor, input.tokenId)),
});
