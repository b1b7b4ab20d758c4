import { mkdtemp, rm, writeFile, mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SCHEMA = `generator client {
  provider = "prisma-client"
  output   = "../generated"
}

datasource db {
  provider = "postgresql"
}

model Note {
  id        Int      @id @default(autoincrement())
  title     String
  createdAt DateTime @default(now())
}
`;

// A plain object (not defineConfig) because the temp dir cannot resolve `prisma/config`.
const CONFIG = `export default {
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL, shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL },
};
`;

/** A throwaway Prisma project: schema, config and migrations folder in a temp directory. */
export interface ScratchProject {
  directory: string;
  configPath: string;
  schemaPath: string;
  migrationsPath: string;
  /** Adds an optional field to the model, so the schema drifts from the migrations. */
  addField(): Promise<void>;
  remove(): Promise<void>;
}

export async function createScratchProject(): Promise<ScratchProject> {
  const directory = await mkdtemp(path.join(tmpdir(), 'prisma-schema-engine-'));
  const schemaPath = path.join(directory, 'prisma/schema.prisma');
  await mkdir(path.dirname(schemaPath), { recursive: true });
  await writeFile(schemaPath, SCHEMA);
  const configPath = path.join(directory, 'prisma.config.mjs');
  await writeFile(configPath, CONFIG);
  return {
    directory,
    configPath,
    schemaPath,
    migrationsPath: path.join(directory, 'prisma/migrations'),
    async addField() {
      const schema = await readFile(schemaPath, 'utf8');
      await writeFile(schemaPath, schema.replace('  title     String\n', '  title     String\n  body      String?\n'));
    },
    remove: () => rm(directory, { recursive: true, force: true }),
  };
}
