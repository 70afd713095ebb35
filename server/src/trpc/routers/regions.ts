import {
  desaKelurahanFormSchema,
  desaKelurahanListInput,
  desaKelurahanPageInput,
  desaKelurahanUpdateInput,
  kecamatanFormSchema,
  kecamatanUpdateInput,
  populationImportInput,
  regencyCodeInput,
  regionIdInput,
} from "@shared/schemas/regions.ts";
import { boundaryUploadInput } from "@shared/schemas/statistics.ts";
import { uploadBoundaries } from "../../services/boundaries/upload.ts";
import { importPopulation } from "../../services/regions/import.ts";
import { regionStats } from "../../services/regions/population-stats.ts";
import * as regions from "../../services/regions/regions.ts";
import { adminProcedure, publicProcedure, router } from "../init.ts";

export const regionsRouter = router({
  kecamatan: publicProcedure.query(({ ctx }) => regions.listKecamatan(ctx.db)),
  desaKelurahan: publicProcedure
    .input(desaKelurahanListInput)
    .query(({ ctx, input }) => regions.listDesaKelurahan(ctx.db, input.kecamatanId)),
  regencies: publicProcedure.query(() => regions.listRegencies()),
  districtsOfRegency: publicProcedure
    .input(regencyCodeInput)
    .query(({ input }) => regions.listDistrictsOfRegency(input.regencyCode)),

  // ─── Administration (admins only; the services check the role again) ───
  uploadBoundaries: adminProcedure
    .input(boundaryUploadInput)
    .mutation(({ ctx, input }) =>
      uploadBoundaries(ctx.db, ctx.actor, input, { dataDir: ctx.config.DATA_DIR, cityCode: ctx.config.CITY_CODE }),
    ),
  desaKelurahanPage: adminProcedure
    .input(desaKelurahanPageInput)
    .query(({ ctx, input }) => regions.pageDesaKelurahan(ctx.db, ctx.actor, input)),
  desaKelurahanOfKecamatan: adminProcedure
    .input(desaKelurahanListInput)
    .query(({ ctx, input }) => regions.browseDesaKelurahan(ctx.db, ctx.actor, input.kecamatanId)),
  kecamatanSummary: adminProcedure.query(({ ctx }) => regions.listKecamatanSummary(ctx.db, ctx.actor)),
  stats: adminProcedure.query(({ ctx }) => regionStats(ctx.db, ctx.actor)),
  createDesaKelurahan: adminProcedure
    .input(desaKelurahanFormSchema)
    .mutation(({ ctx, input }) => regions.createDesaKelurahan(ctx.db, ctx.actor, input)),
  updateDesaKelurahan: adminProcedure
    .input(desaKelurahanUpdateInput)
    .mutation(({ ctx, input }) => regions.updateDesaKelurahan(ctx.db, ctx.actor, input.id, input.version, input.data)),
  deleteDesaKelurahan: adminProcedure
    .input(regionIdInput)
    .mutation(({ ctx, input }) => regions.deleteDesaKelurahan(ctx.db, ctx.actor, input.id)),
  createKecamatan: adminProcedure
    .input(kecamatanFormSchema)
    .mutation(({ ctx, input }) => regions.createKecamatan(ctx.db, ctx.actor, input)),
  updateKecamatan: adminProcedure
    .input(kecamatanUpdateInput)
    .mutation(({ ctx, input }) => regions.updateKecamatan(ctx.db, ctx.actor, input.id, input.version, input.data)),
  deleteKecamatan: adminProcedure
    .input(regionIdInput)
    .mutation(({ ctx, input }) => regions.deleteKecamatan(ctx.db, ctx.actor, input.id)),
  importPopulation: adminProcedure
    .input(populationImportInput)
    .mutation(({ ctx, input }) => importPopulation(ctx.db, ctx.actor, input.csv)),
});
