import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

// The repository root: Turbopack must see the workspace packages (they export TypeScript source).
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

const development = process.env.NODE_ENV === 'development';

/**
 * Without nonces (which would make every page dynamic) Next's inline bootstrap scripts need
 * 'unsafe-inline'; everything else is 'self' only, so injected markup cannot load or send to
 * another origin, and no site may frame the console (clickjacking). Dev mode adds eval and the
 * HMR socket.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${development ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${development ? ' ws: wss:' : ''}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

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
  experimental: {
    // The proxy (src/proxy.ts) also runs on API routes, so Next tees each request body through it
    // and keeps up to this much in memory. Routes refuse bodies over 1 MiB (`maximumBodyBytes`);
    // twice that still hands them more than 1 MiB after Next drops the chunk crossing the limit,
    // so an oversized body reads as too large (413), never as truncated JSON (400).
    proxyClientMaxBodySize: 2 * 1024 * 1024,
  },
  headers() {
    return Promise.resolve([
      { source: '/:path*', headers: securityHeaders },
      // HSTS only over HTTPS (a TLS-terminating proxy says so): over plain HTTP it would be ignored
      // at best, and a local http://127.0.0.1 console must stay reachable.
      {
        source: '/:path*',
        has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
        headers: [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }],
      },
    ]);
  },
};

export default nextConfig;
