# Production image: one Bun process serving the built client, /trpc and /api.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci's postinstall applies patches/ (patch-package) to the postgres driver.
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build --config client/vite.config.ts

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
# The JavaScript heap grows as on a 300 MB machine and is collected after every 32 MB allocated
# (README "Configuration", BUN_JSC_forceRAMSize and BUN_JSC_gcMaxHeapSize).
ENV BUN_JSC_forceRAMSize=300000000 BUN_JSC_gcMaxHeapSize=32000000
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# bun directly as PID 1 receives SIGTERM itself (graceful shutdown), not through npx.
CMD ["node_modules/.bin/bun", "server/src/index.ts"]
