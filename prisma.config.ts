import { defineConfig } from 'prisma/config';

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
