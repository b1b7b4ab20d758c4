# Worker image: the headless executor (apps/worker). Needs DATABASE_URL (a Postgres server).
FROM node:24-bookworm-slim
WORKDIR /app
# NODE_ENV=production: `npm ci` leaves devDependencies out. AGENTLOOM_SKIP_BUILD=1: the root
# postinstall (tools/postinstall.mjs) still generates the Prisma client but skips `build:console`,
# which needs turbo (a devDependency) and builds a Next.js app the worker never runs.
ENV NODE_ENV=production CHECKPOINT_DISABLE=1 AGENTLOOM_SKIP_BUILD=1
COPY . .
RUN npm ci
USER node
STOPSIGNAL SIGTERM
CMD ["npm", "run", "start", "--workspace", "@agentloom/worker"]
