import { kaderRegistrationInput } from "@shared/schemas/kader.ts";
import * as kader from "../../services/accounts/cadre-registration.ts";
import { publicProcedure, router } from "../init.ts";

export const kaderRouter = router({
  register: publicProcedure
    .input(kaderRegistrationInput)
    .mutation(({ ctx, input }) => kader.registerKader(ctx.db, ctx.config.APP_SECRET, ctx.cityName, ctx.actor, input)),
});
