import { apiOperations } from './api-operations';
import { buildOpenApiDocument } from './openapi-document';

/** The API's version in the document: bump with breaking changes to `/api/v1` shapes. */
export const apiVersion = '0.1.0';

let cached: Record<string, unknown> | undefined;

/** The document of every registered operation, built once per process (schemas do not change at run time). */
export function openApiDocument(): Record<string, unknown> {
  cached ??= buildOpenApiDocument(apiOperations, apiVersion);
  return cached;
}
