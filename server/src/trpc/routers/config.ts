import type { PublicConfig } from "@shared/schemas/config.ts";
import { demoAccounts } from "../../demo/accounts.ts";
import { publicProcedure, router } from "../init.ts";

export const configRouter = router({
  public: publicProcedure.query(({ ctx }): PublicConfig => {
    const demoMode = ctx.config.demoData && ctx.config.NODE_ENV !== "production";
    return {
      cityName: ctx.cityName,
      demoMode,
      demoAccounts: demoMode ? demoAccounts : [],
      contact: {
        address: ctx.config.CONTACT_ADDRESS ?? `Sekretariat Tim Penggerak PKK ${ctx.cityName}`,
        phone: ctx.config.CONTACT_PHONE ?? null,
        email: ctx.config.CONTACT_EMAIL ?? null,
      },
      audio: { url: ctx.config.AUDIO_URL, title: ctx.config.AUDIO_TITLE },
      mapTiles:
        ctx.config.MAP_TILE_URL === "none"
          ? null
          : { url: ctx.config.MAP_TILE_URL, attribution: ctx.config.MAP_TILE_ATTRIBUTION },
    };
  }),
});
