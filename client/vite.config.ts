import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { CLIENT_ROUTES_FILE, routePathsFromRouteTree } from "../shared/src/client-routes.ts";

const here = import.meta.dirname;
const routeTree = resolve(here, "src/routeTree.gen.ts");

/** Writes the route table beside index.html so the server can answer unknown paths with 404. */
function clientRouteList(): Plugin {
  return {
    name: "pkk-client-route-list",
    apply: "build",
    async generateBundle() {
      const paths = routePathsFromRouteTree(await readFile(routeTree, "utf8"));
      this.emitFile({ type: "asset", fileName: CLIENT_ROUTES_FILE, source: JSON.stringify(paths) });
    },
  };
}

const apiTarget = `http://localhost:${process.env.PORT ?? "3000"}`;

export default defineConfig({
  root: here,
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: resolve(here, "src/routes"),
      generatedRouteTree: routeTree,
    }),
    clientRouteList(),
    react(),
    tailwindcss(),
  ],
  resolve: { alias: { "@shared": resolve(here, "../shared/src") } },
  server: {
    proxy: { "/trpc": apiTarget, "/api": apiTarget, "/healthz": apiTarget, "/media": apiTarget },
  },
  build: { outDir: resolve(here, "dist"), emptyOutDir: true, reportCompressedSize: false },
});
