import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { HttpMethod } from './api-operation';

/** One method a route file exports, with the role its `route()` wrapper declares (none for public handlers). */
export interface ExportedRoute {
  file: string;
  method: HttpMethod;
  path: string;
  role: string | undefined;
}

const methodExport = /^export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/gm;

/**
 * Reads the `route.ts` files under `app/api/v1` (the file system is what Next serves) and lists
 * every exported method with its OpenAPI path and declared role, for checks against the registry.
 */
export function exportedRoutes(apiFolder: string): ExportedRoute[] {
  const routes: ExportedRoute[] = [];
  for (const file of routeFiles(apiFolder)) {
    const source = readFileSync(file, 'utf8');
    const relative = path.relative(apiFolder, path.dirname(file)).split(path.sep).filter(Boolean);
    const apiPath = ['/api/v1', ...relative.map((segment) => segment.replace(/^\[(.+)\]$/, '{$1}'))].join('/');
    const matches = [...source.matchAll(methodExport)];
    matches.forEach((match, index) => {
      const block = source.slice(match.index, matches[index + 1]?.index ?? source.length);
      routes.push({ file, method: match[1]!.toLowerCase() as HttpMethod, path: apiPath, role: /role: '(\w+)'/.exec(block)?.[1] });
    });
  }
  return routes;
}

function routeFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const entryPath = path.join(folder, entry.name);
    if (entry.isDirectory()) return routeFiles(entryPath);
    return entry.name === 'route.ts' ? [entryPath] : [];
  });
}
