import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { resolve } from "node:path";
import { defineConfig } from "vite";

const here = import.meta.dirname;
const apiTarget = `http://localhost:${process.env.PORT ?? "3000"}`;

export default defineConfig({
  root: here,
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: resolve(here, "src/routes"),
      generatedRouteTree: resolve(here, "src/routeTree.gen.ts"),
    }),
    react(),
    tailwindcss(),
  ],
  resolve: { alias: { "@shared": resolve(here, "../shared/src") } },
  server: {
    proxy: { "/trpc": apiTarget, "/api": apiTarget, "/healthz": apiTarget, "/media": apiTarget },
  },
  build: { outDir: resolve(here, "dist"), emptyOutDir: true, reportCompressedSize: false },
});
