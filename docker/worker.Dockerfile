# Worker image: the headless executor (apps/worker). Needs DATABASE_URL (a Postgres server).
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production CHECKPOINT_DISABLE=1
COPY . .
RUN npm ci
USER node
STOPSIGNAL SIGTERM
CMD ["npm", "run", "start", "--workspace", "@agentloom/worker"]
