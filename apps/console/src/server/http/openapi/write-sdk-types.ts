import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { apiOperations } from './api-operations';
import { apiVersion } from './openapi-document-instance';
import { buildOpenApiDocument } from './openapi-document';
import { openApiTypesSource, sdkTypesPath } from './sdk-types';

/** `npm run generate:openapi-types`: regenerates the SDK's types from the document the console serves. */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const target = path.join(repositoryRoot, sdkTypesPath);
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, await openApiTypesSource(buildOpenApiDocument(apiOperations, apiVersion)));
console.log(`Wrote ${path.relative(repositoryRoot, target)}`);
