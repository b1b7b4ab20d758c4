import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

// The repository root: Turbopack must see the workspace packages (they export TypeScript source).
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

const nextConfig: NextConfig = {
  // Loaded by Node at run time, never bundled: PGlite and its pgvector bundle locate their .wasm,
  // .data and extension tarballs relative to their own files, and Prisma's adapters load drivers.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-pgvector',
    '@electric-sql/pglite-socket',
    'pglite-prisma-adapter',
    '@prisma/client',
    '@prisma/adapter-pg',
    'pg',
  ],
  // Internal packages publish TypeScript source, so Next compiles them with the app.
  transpilePackages: ['@agentloom/platform', '@agentloom/db', '@agentloom/runtime'],
  typedRoutes: true,
  poweredByHeader: false,
  // Type-checking is its own task (`npm run typecheck`, part of `npm test`), as in create-t3-turbo;
  // `next build` runs on every `npm start` and should not repeat it over the whole workspace graph.
  typescript: { ignoreBuildErrors: true },
  // `next dev` serves its scripts only to allowed origins; the e2e suite and docs use 127.0.0.1.
  allowedDevOrigins: ['127.0.0.1'],
  turbopack: { root: repositoryRoot },
};

export default nextConfig;
