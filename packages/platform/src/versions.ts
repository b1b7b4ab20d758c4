import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  try {
    return (require(`${name}/package.json`) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** Versions shown on the Health page. */
export const platformVersions = {
  agentloom: packageVersion('@agentloom/platform'),
  prisma: packageVersion('@prisma/client'),
};
