import type { Platform, Principal } from '@agentloom/platform';
import { ReadResourceRequestSchema, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

import { invalidParams, parseRequest } from './mcp-invalid-params';
import type { OwnRequestHandler } from './mcp-own-handlers';
import { resourceScheme, uriTemplateOf, type McpResourceKind } from './mcp-resources';
import { resourceError } from './mcp-tool-error';

/** The same id check as the services' (`runId: z.uuid()`), so a well-formed id is never a validation error there. */
const resourceIdSchema = z.uuid();

/**
 * Answers `resources/read` in place of the SDK's handler, which parsed the request before anything
 * of ours ran (a missing or non-string `uri` came back -32603 with zod's issue dump, a `uri` that is
 * not a URL -32603 "Invalid URL") and answered a URI of no template -32602 "Resource … not found".
 * Here every fault of the request is -32602 naming `params.uri`, and a well-formed URI whose run or
 * thread the caller cannot see is -32002 Resource not found, the same for unknown and foreign ids.
 */
export function readResources(kinds: readonly McpResourceKind[], platform: Platform, principal: Principal): OwnRequestHandler {
  return async (request): Promise<ReadResourceResult> => {
    const { uri } = parseRequest(ReadResourceRequestSchema, request).params;
    const { kind, id } = resourceOf(kinds, uri);
    try {
      return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(await kind.read(platform, principal, id), null, 2) }] };
    } catch (error) {
      throw resourceError(error, uri, `MCP resources/read ${kind.name}`);
    }
  };
}

/**
 * The kind and id a URI names (`agentloom://runs/{uuid}`), or -32602 on `params.uri`. The URI is
 * matched as sent, not through `new URL` (which rewrites escapes), and is never echoed: it may be
 * up to a megabyte of anything.
 */
function resourceOf(kinds: readonly McpResourceKind[], uri: string): { kind: McpResourceKind; id: string } {
  const shapes = kinds.map(uriTemplateOf).join(' or ');
  if (!uri.startsWith(resourceScheme)) throw invalidParams('params.uri', `expected ${shapes}`);
  const path = uri.slice(resourceScheme.length);
  const separator = path.indexOf('/');
  const kind = separator < 0 ? undefined : kinds.find((candidate) => candidate.collection === path.slice(0, separator));
  if (kind === undefined) throw invalidParams('params.uri', `expected ${shapes}`);
  const id = path.slice(separator + 1);
  if (!resourceIdSchema.safeParse(id).success) throw invalidParams('params.uri', `the id in ${uriTemplateOf(kind)} must be a UUID`);
  return { kind, id };
}
