import { Prisma } from '@agentloom/db';

import platformManifest from '../package.json' with { type: 'json' };

/** Versions shown on the Health page. A static import, so bundlers (Next's Turbopack) resolve it. */
export const platformVersions = {
  agentloom: platformManifest.version,
  prisma: Prisma.prismaVersion.client,
};
