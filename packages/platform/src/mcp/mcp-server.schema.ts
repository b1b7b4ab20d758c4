import { z } from 'zod';

/** Server names become tool-name prefixes (`mcp.<name>.<tool>`), so the adapter's alphabet applies. */
const serverName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'name may only use letters, digits, _ and - (at most 64)');

/** Header names as HTTP allows them; values are secrets, sealed at rest and never returned. */
const headerName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'header names are HTTP tokens (letters, digits, - …)');
/**
 * Only what an HTTP field value can carry (tab, visible ASCII and space, obs-text bytes 0x80–0xFF):
 * a CR/LF, another control character or a character past Latin-1 would be stored, and every
 * connection would then fail inside fetch, reported as a server that "did not answer".
 */
const headerValue = z
  .string()
  .min(1, 'a header value must not be empty')
  .max(8_192)
  .regex(/^[\t\x20-\x7e\x80-\xff]*$/, 'a header value may only hold tabs, visible ASCII, spaces and Latin-1 characters (no CR, LF or other control characters)');

/**
 * Header names are case-insensitive (RFC 9110): `Authorization` and `authorization` are one header. Two
 * spellings of one name in a request are refused, as either could be meant, and stored or merged apart they
 * would both be sent (fetch joins them with a comma).
 */
function namesDistinctIgnoringCase(headers: Record<string, unknown>, context: z.RefinementCtx): void {
  const seen = new Map<string, string>();
  for (const name of Object.keys(headers)) {
    const earlier = seen.get(name.toLowerCase());
    if (earlier !== undefined) context.addIssue({ code: 'custom', message: `"${earlier}" and "${name}" name the same header (header names are case-insensitive)`, path: [name] });
    seen.set(name.toLowerCase(), name);
  }
}

const stdioTransport = z.object({
  transport: z.literal('stdio'),
  /** The name of an entry in the operator's allow-list (AGENTLOOM_MCP_STDIO_ALLOW). */
  stdioCommand: z.string().min(1, 'stdioCommand must name an entry of the operator allow-list'),
});

const httpTransport = z.object({
  transport: z.literal('streamable-http'),
  url: z.string().trim().min(1, 'url must not be empty').max(2048, 'url must be at most 2048 characters'),
  /** Sent with every request (e.g. `Authorization: Bearer …`); stored sealed. */
  headers: z.record(headerName, headerValue).superRefine(namesDistinctIgnoringCase).default({}),
});

export const createMcpServerInputSchema = z.discriminatedUnion('transport', [
  stdioTransport.extend({ name: serverName, description: z.string().trim().max(200).default('') }),
  httpTransport.extend({ name: serverName, description: z.string().trim().max(200).default('') }),
]);

export const mcpServerIdInputSchema = z.object({ mcpServerId: z.uuid() });

/**
 * Changes to a server. The name stays (agent versions attach by it). `headers` merges: a value sets
 * a header, `null` removes it, a header left out keeps its stored value (which nobody can read back)
 * — while the URL stays: a new URL needs every stored header given again or removed.
 */
export const updateMcpServerInputSchema = z.object({
  mcpServerId: z.uuid(),
  description: z.string().trim().max(200).optional(),
  stdioCommand: z.string().min(1).optional(),
  url: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .optional()
    .describe('The URL as views show it (with `***`) keeps the stored one; any other URL with `***` is refused: give the whole URL to change it.'),
  headers: z.record(headerName, headerValue.nullable()).superRefine(namesDistinctIgnoringCase).optional(),
});

/** An MCP server as every API shows it: header names with `set`, never their values. */
export const mcpServerViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  transport: z.enum(['stdio', 'streamable-http']),
  stdioCommand: z.string().nullable(),
  url: z.string().nullable().describe('The URL with its credentials shown as `***`: userinfo, query values, long opaque path segments, fragment.'),
  headers: z.array(z.object({ name: z.string(), set: z.literal(true) })),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const mcpServerListViewSchema = z.object({
  mcpServers: z.array(mcpServerViewSchema),
  /** The operator's stdio allow-list entry names a stdio server may use. */
  stdioCommands: z.array(z.string()),
});

/** One tool as "connect and list tools" reports it; `schemaHash` is what agent versions pin. */
export const mcpToolViewSchema = z.object({
  name: z.string(),
  description: z.string(),
  sideEffects: z.enum(['none', 'idempotent', 'unsafe']),
  schemaHash: z.string(),
  /**
   * Why an agent cannot use this tool (its offered name `mcp.<server>.<tool>` is not one the engine
   * registers); attaching all of the server's tools leaves it out, naming it is refused at save.
   */
  unusable: z.string().optional(),
});

export const mcpConnectionErrorKinds = ['mcp-unreachable', 'mcp-outbound-refused', 'mcp-auth', 'mcp-protocol', 'mcp-stdio-not-allowed'] as const;
export type McpConnectionErrorKind = (typeof mcpConnectionErrorKinds)[number];

/** The answer of "connect and list tools": the tools, or why the server could not be used. */
export const mcpServerTestViewSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('connected'), serverVersion: z.string().nullable(), tools: z.array(mcpToolViewSchema) }),
  z.object({ status: z.literal('failed'), errorKind: z.enum(mcpConnectionErrorKinds), message: z.string() }),
]);

export type CreateMcpServerInput = z.input<typeof createMcpServerInputSchema>;
export type UpdateMcpServerInput = z.input<typeof updateMcpServerInputSchema>;
export type McpServerView = z.infer<typeof mcpServerViewSchema>;
export type McpServerListView = z.infer<typeof mcpServerListViewSchema>;
export type McpToolView = z.infer<typeof mcpToolViewSchema>;
export type McpServerTestView = z.infer<typeof mcpServerTestViewSchema>;
