import { fileURLToPath } from 'node:url';

import { defineConfig } from 'prisma/config';

// Prisma's CLI reads this file before it starts any engine, so pointing it at our WASM-backed schema
// engine here makes a bare `npx prisma …` work offline too (ADR 0002), not only `npm run db:*`.
// AGENTLOOM_STOCK_PRISMA_ENGINE=1 keeps Prisma's own (downloaded) engine on a connected machine.
if (process.env.AGENTLOOM_STOCK_PRISMA_ENGINE !== '1') {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(new URL('./tools/prisma-schema-engine/bin/schema-engine.mjs', import.meta.url));
}
// The update check and its banner call Prisma's servers.
process.env.CHECKPOINT_DISABLE ??= '1';
process.env.PRISMA_HIDE_UPDATE_MESSAGE ??= '1';

// Used by the Prisma CLI only (the app builds its own connection from its validated env). Run the
// CLI through `npm run db:*`, which uses tools/prisma-schema-engine so no engine is downloaded.
// The default matches the local Postgres server of a development machine (trust auth).
const defaultDatabaseUrl = 'postgresql://postgres@127.0.0.1:5432/agentloom';

const shadowDatabaseUrl = process.env.SHADOW_DATABASE_URL;

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: {
    url: process.env.DATABASE_URL || defaultDatabaseUrl,
    // Without it, migrate dev/diff create and drop a temporary shadow database on the server.
    ...(shadowDatabaseUrl ? { shadowDatabaseUrl } : {}),
  },
});
