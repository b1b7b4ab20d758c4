import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { allowedMethods, apiRouteMethods, apiRouteTemplateFor } from './api-route-methods';

const apiFolder = fileURLToPath(new URL('../../app/api', import.meta.url));

/** `export const GET`, `export async function POST`, and `export { handle as GET }`. */
function exportedMethods(source: string): string[] {
  const declared = [...source.matchAll(/^export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/gm)].map((match) => match[1]!);
  const exportLists = [...source.matchAll(/^export \{([^}]*)\}/gm)].map((match) => match[1]!).join(',');
  const renamed = [...exportLists.matchAll(/\bas (GET|POST|PUT|PATCH|DELETE)\b/g)].map((match) => match[1]!);
  return [...declared, ...renamed].sort();
}

function routeFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const entryPath = path.join(folder, entry.name);
    if (entry.isDirectory()) return routeFiles(entryPath);
    return entry.name === 'route.ts' ? [entryPath] : [];
  });
}

describe('apiRouteMethods', () => {
  it('lists exactly the route files under app/api with the methods each exports', () => {
    const fromFiles = Object.fromEntries(
      routeFiles(apiFolder).map((file) => {
        const segments = path.relative(apiFolder, path.dirname(file)).split(path.sep).filter(Boolean);
        const template = ['/api', ...segments.map((segment) => segment.replace(/^\[(.+)\]$/, '{$1}'))].join('/');
        return [template, exportedMethods(readFileSync(file, 'utf8'))];
      }),
    );
    const fromTable = Object.fromEntries(Object.entries(apiRouteMethods).map(([template, methods]) => [template, [...methods].sort()]));
    expect(fromTable).toEqual(fromFiles);
  });

  it('matches static segments before dynamic ones, and nothing outside the table', () => {
    expect(apiRouteTemplateFor('/api/v1/memories/search')).toBe('/api/v1/memories/search');
    expect(apiRouteTemplateFor('/api/v1/memories/0190f5c4-0000-7000-8000-000000000000')).toBe('/api/v1/memories/{id}');
    expect(apiRouteTemplateFor('/api/v1/runs/')).toBe('/api/v1/runs');
    expect(apiRouteTemplateFor('/api/trpc/runs.list,runs.get')).toBe('/api/trpc/{trpc}');
    expect(apiRouteTemplateFor('/api/v1/runs/x/unknown')).toBeUndefined();
    expect(apiRouteTemplateFor('/api/v2/runs')).toBeUndefined();
  });

  it('allows the exported methods plus HEAD with GET and OPTIONS, as Next answers them', () => {
    expect(allowedMethods('/api/v1/runs')).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
    expect(allowedMethods('/api/v1/api-keys/{id}')).toEqual(['DELETE', 'OPTIONS']);
  });
});
