import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { apiOperations } from './api-operations';
import { apiVersion } from './openapi-document-instance';
import { buildOpenApiDocument } from './openapi-document';
import { openApiTypesSource, sdkTypesPath } from './sdk-types';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');

describe("the SDK's generated types", () => {
  it('are what openapi-typescript makes of the current document (run `npm run generate:openapi-types` when this fails)', async () => {
    const committed = readFileSync(path.join(repositoryRoot, sdkTypesPath), 'utf8');
    const regenerated = await openApiTypesSource(buildOpenApiDocument(apiOperations, apiVersion));
    // Not toBe: a drift shows as a line diff, not two 150 kB strings.
    expect(committed.split('\n')).toEqual(regenerated.split('\n'));
  });
});
