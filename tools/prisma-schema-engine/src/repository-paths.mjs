import { fileURLToPath } from 'node:url';

/** The AgentLoom repository root (this package lives in tools/prisma-schema-engine). */
export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The root `prisma.config.ts`, which reads DATABASE_URL and SHADOW_DATABASE_URL. */
export const defaultConfigPath = fileURLToPath(new URL('../../../prisma.config.ts', import.meta.url));

/** Adds `--config <root>/prisma.config.ts` unless the caller chose a config already. */
export function withDefaultConfig(args) {
  const hasConfig = args.some((argument) => argument === '--config' || argument.startsWith('--config='));
  return hasConfig ? args : [...args, '--config', defaultConfigPath];
}
