# Console image: Next.js production build of apps/console with the in-process executor.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
COPY . .
RUN npm ci && npm run build -- --filter=@agentloom/console

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=build /app /app
EXPOSE 3000
# AGENTLOOM_DATA_DIR in compose: a fresh named volume copies this directory's owner, so it must be
# node's — a root-owned one would stop the console writing the first admin key and the operator key.
RUN mkdir -p /var/lib/agentloom && chown node:node /var/lib/agentloom
USER node
CMD ["npm", "run", "start", "--workspace", "@agentloom/console"]
