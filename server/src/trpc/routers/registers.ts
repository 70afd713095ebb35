import { registerFamilyInput } from "@shared/schemas/registration.ts";
import { searchStatusInput } from "@shared/schemas/search.ts";
import * as registers from "../../services/registers/public-registration.ts";
import * as search from "../../services/registers/search.ts";
import { publicProcedure, router } from "../init.ts";

export const registersRouter = router({
  registerFamily: publicProcedure
    .input(registerFamilyInput)
    .mutation(({ ctx, input }) => registers.registerFamily(ctx.db, ctx.config.APP_SECRET, ctx.actor, input)),
  // A mutation (POST body), never a query: the NIK must not travel in a URL or an access log.
  searchStatus: publicProcedure
    .input(searchStatusInput)
    .mutation(({ ctx, input }) => search.searchStatus(ctx.db, ctx.config.APP_SECRET, ctx.actor, input)),
});
