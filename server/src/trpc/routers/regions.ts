import { desaKelurahanListInput, regencyCodeInput } from "@shared/schemas/regions.ts";
import * as regions from "../../services/regions.ts";
import { publicProcedure, router } from "../init.ts";

export const regionsRouter = router({
  kecamatan: publicProcedure.query(({ ctx }) => regions.listKecamatan(ctx.db)),
  desaKelurahan: publicProcedure
    .input(desaKelurahanListInput)
    .query(({ ctx, input }) => regions.listDesaKelurahan(ctx.db, input.kecamatanId)),
  regencies: publicProcedure.query(() => regions.listRegencies()),
  districtsOfRegency: publicProcedure
    .input(regencyCodeInput)
    .query(({ input }) => regions.listDistrictsOfRegency(input.regencyCode)),
});
