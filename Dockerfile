# The shop as a container image (decision 062): built in one stage, run in another without the
# build tools and dev dependencies, as the unprivileged user `node`, with its data in a volume.
#   docker build -t shop .
#   docker run -p 3000:3000 -v shop-data:/data -e SESSION_SECRET=… -e PUBLIC_URL=https://… shop
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so that a change to the sources alone reuses the installed modules.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the shop: it writes only to DATA_DIR.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Live, not ready: a container whose database is away should wait for it, not be restarted.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/serve.mjs"]
