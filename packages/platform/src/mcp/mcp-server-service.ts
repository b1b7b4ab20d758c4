import { Prisma, rawSqlFor, type Database } from '@agentloom/db';
import { carriesRedactedPart, OutboundRefusedError, redactUrlCredentials, type OutboundPolicy } from '@agentloom/runtime';

import { recordAudit } from '../audit/record-audit';
import { assertCredentialCurrent } from '../auth/assert-credential-current';
import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import type { SecretBox } from '../secrets/secret-box';
import { parseInput } from '../validation/parse-input';
import { McpConnectionError } from './mcp-connection-error';
import type { McpConnector, OpenMcpServer } from './mcp-connector';
import {
  createMcpServerInputSchema,
  mcpServerIdInputSchema,
  updateMcpServerInputSchema,
  type McpServerListView,
  type McpServerTestView,
  type McpServerView,
} from './mcp-server.schema';
import { mcpServerSelect, sealedHeaders, toMcpServerView, type McpServerRow } from './mcp-server-view';

/**
 * A tenant's MCP servers. Admin only, reads included (a server's URL and header names describe the
 * tenant's integrations). Every change is audit-logged in its transaction, with header names but
 * never their values; headers are stored sealed and no API returns them.
 */
export class McpServerService {
  constructor(
    private readonly database: Database,
    private readonly connector: McpConnector,
    /** HTTP URLs pass the outbound policy at save (resolved now) as well as at every connect. */
    private readonly policy: OutboundPolicy,
    private readonly secrets: SecretBox,
  ) {}

  async list(principal: Principal): Promise<McpServerListView> {
    assertRole(principal, 'admin', 'Managing MCP servers');
    const rows = await this.database.prisma.mcpServer.findMany({
      where: { tenantId: principal.tenantId },
      orderBy: { name: 'asc' },
      take: 500,
      select: mcpServerSelect,
    });
    return { mcpServers: rows.map(toMcpServerView), stdioCommands: Object.keys(this.connector.stdioAllowList).sort() };
  }

  async get(principal: Principal, rawInput: unknown): Promise<McpServerView> {
    assertRole(principal, 'admin', 'Managing MCP servers');
    const { mcpServerId } = parseInput(mcpServerIdInputSchema, rawInput);
    return toMcpServerView(await this.find(this.database.prisma, principal, mcpServerId));
  }

  async create(principal: Principal, rawInput: unknown): Promise<McpServerView> {
    assertRole(principal, 'admin', 'Managing MCP servers');
    const input = parseInput(createMcpServerInputSchema, rawInput);
    const target =
      input.transport === 'stdio'
        ? { stdioCommand: this.allowedCommand(input.stdioCommand), url: null }
        : { stdioCommand: null, url: await this.allowedUrl(input.url) };
    const headers = input.transport === 'stdio' ? {} : this.seal(input.headers);
    try {
      const row = await this.database.prisma.$transaction(async (transaction) => {
        // A server's address and headers decide where agents send tool calls: not through a revoked key (ADR 0103).
        await assertCredentialCurrent(transaction, principal);
        const created = await transaction.mcpServer.create({
          data: {
            tenantId: principal.tenantId,
            name: input.name,
            description: input.description,
            transport: input.transport,
            ...target,
            headers,
            createdBy: principal.apiKeyName,
          },
          select: mcpServerSelect,
        });
        await recordAudit(transaction, principal, { action: 'mcp-server.create', targetType: 'mcp_server', targetId: created.id, after: auditShape(created) });
        return created;
      });
      return toMcpServerView(row);
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
        throw new DomainError('conflict', `An MCP server named "${input.name}" already exists`, 'name');
      throw error;
    }
  }

  async update(principal: Principal, rawInput: unknown): Promise<McpServerView> {
    assertRole(principal, 'admin', 'Managing MCP servers');
    const input = parseInput(updateMcpServerInputSchema, rawInput);
    // The transport never changes, so these checks may read before the transaction does.
    const existing = await this.find(this.database.prisma, principal, input.mcpServerId);
    if (existing.transport === 'stdio' && (input.url !== undefined || input.headers !== undefined)) {
      throw new DomainError(
        'validation',
        `${input.url !== undefined ? 'url' : 'headers'}: a stdio server has no URL or headers`,
        input.url !== undefined ? 'url' : 'headers',
      );
    }
    if (existing.transport !== 'stdio' && input.stdioCommand !== undefined)
      throw new DomainError('validation', 'stdioCommand: a Streamable HTTP server runs no command', 'stdioCommand');
    // Views show the URL with its credentials as `***`. A client that sends that back (read, edit the
    // description, write the whole object) means "keep the URL"; the mark must never be stored.
    const echoesView = input.url !== undefined && carriesRedactedPart(input.url);
    const url = input.url !== undefined && !echoesView ? await this.allowedUrl(input.url) : undefined;
    const row = await this.database.prisma.$transaction(async (transaction) => {
      await assertCredentialCurrent(transaction, principal);
      // The headers are checked and merged on the locked row, never on the read above: a header another
      // admin stored for the old URL in between must be restated too, or it would travel to the new one.
      const current = await this.findLocked(transaction, principal, input.mcpServerId);
      if (echoesView) requireViewOfStoredUrl(input.url ?? '', current.url);
      if (url !== undefined && url !== current.url) requireHeadersRestated(current.headers, input.headers ?? {});
      const data: Prisma.McpServerUpdateInput = {
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.stdioCommand !== undefined ? { stdioCommand: this.allowedCommand(input.stdioCommand) } : {}),
        ...(url !== undefined ? { url } : {}),
        ...(input.headers !== undefined ? { headers: this.mergeHeaders(current.headers, input.headers) } : {}),
      };
      const updated = await transaction.mcpServer.update({ where: { id: current.id }, data, select: mcpServerSelect });
      await recordAudit(transaction, principal, {
        action: 'mcp-server.update',
        targetType: 'mcp_server',
        targetId: current.id,
        before: auditShape(current),
        after: auditShape(updated),
      });
      return updated;
    });
    return toMcpServerView(row);
  }

  /** Agent versions that attach the server by name fail their next run with a clear mismatch. */
  async delete(principal: Principal, rawInput: unknown): Promise<McpServerView> {
    assertRole(principal, 'admin', 'Managing MCP servers');
    const { mcpServerId } = parseInput(mcpServerIdInputSchema, rawInput);
    const row = await this.database.prisma.$transaction(async (transaction) => {
      const existing = await this.find(transaction, principal, mcpServerId);
      await transaction.mcpServer.delete({ where: { id: existing.id } });
      await recordAudit(transaction, principal, { action: 'mcp-server.delete', targetType: 'mcp_server', targetId: existing.id, before: auditShape(existing) });
      return existing;
    });
    return toMcpServerView(row);
  }

  /** "Connect and list tools": the tools with the schema hashes a version would pin, or the failure's kind. */
  async test(principal: Principal, rawInput: unknown): Promise<McpServerTestView> {
    assertRole(principal, 'admin', 'Testing MCP servers');
    const { mcpServerId } = parseInput(mcpServerIdInputSchema, rawInput);
    const row = await this.find(this.database.prisma, principal, mcpServerId);
    let open: OpenMcpServer;
    try {
      open = await this.connector.open(row);
    } catch (error) {
      if (error instanceof McpConnectionError) return { status: 'failed', errorKind: error.kind, message: error.message };
      throw error;
    }
    await open.connection.close().catch(() => undefined);
    return { status: 'connected', serverVersion: open.connection.serverVersion ?? null, tools: [...open.tools.values()].map((entry) => entry.view) };
  }

  private async findLocked(transaction: Prisma.TransactionClient, principal: Principal, mcpServerId: string): Promise<McpServerRow> {
    await rawSqlFor(transaction).query('SELECT 1 FROM mcp_servers WHERE id = $1::uuid AND tenant_id = $2::uuid FOR UPDATE', mcpServerId, principal.tenantId);
    return this.find(transaction, principal, mcpServerId);
  }

  private async find(client: Prisma.TransactionClient, principal: Principal, mcpServerId: string): Promise<McpServerRow> {
    const row = await client.mcpServer.findFirst({ where: { id: mcpServerId, tenantId: principal.tenantId }, select: mcpServerSelect });
    if (!row) throw new DomainError('not-found', `MCP server ${mcpServerId} not found`, 'mcpServerId');
    return row;
  }

  private allowedCommand(name: string): string {
    if (Object.hasOwn(this.connector.stdioAllowList, name)) return name;
    const known = Object.keys(this.connector.stdioAllowList);
    throw new DomainError(
      'validation',
      `stdioCommand: "${name}" is not in the operator's allow-list (AGENTLOOM_MCP_STDIO_ALLOW); allowed: ${known.join(', ') || 'none'}`,
      'stdioCommand',
    );
  }

  private async allowedUrl(url: string): Promise<string> {
    try {
      return (await this.policy.assertAllowed(url)).url.href;
    } catch (error) {
      if (error instanceof OutboundRefusedError) throw new DomainError('validation', `url: ${error.message}`, 'url');
      throw error;
    }
  }

  private seal(headers: Record<string, string>): Record<string, string> {
    return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, this.secrets.seal(value)]));
  }

  /**
   * Header names match case-insensitively (RFC 9110), as `requireHeadersRestated` compares them: a change to
   * `authorization` replaces or removes a stored `Authorization`. Matched exactly, the stored value stayed
   * beside the new one and went to a new URL the check had let through.
   */
  private mergeHeaders(stored: unknown, changes: Record<string, string | null>): Record<string, string> {
    const merged = { ...sealedHeaders(stored) };
    for (const [name, value] of Object.entries(changes)) {
      for (const storedName of Object.keys(merged)) if (storedName.toLowerCase() === name.toLowerCase()) delete merged[storedName];
      if (value !== null) merged[name] = this.secrets.seal(value);
    }
    return merged;
  }
}

/** What the audit log keeps of a server: never a header value (sealed or not) nor a credential in the URL. */
function auditShape(row: McpServerRow): Prisma.InputJsonObject {
  return {
    name: row.name,
    transport: row.transport,
    stdioCommand: row.stdioCommand,
    url: row.url === null ? null : redactUrlCredentials(row.url),
    description: row.description,
    headers: Object.keys(sealedHeaders(row.headers)).sort(),
  };
}

/**
 * An update's `url` holding the view's `***` mark is accepted only as the stored URL's own view
 * (unchanged: kept). Anything else with the mark would store `***` where a credential was, or
 * one the caller never saw, so it is refused: the whole URL must be given to change it.
 */
function requireViewOfStoredUrl(given: string, stored: string | null): void {
  if (stored !== null && given === redactUrlCredentials(stored)) return;
  throw new DomainError(
    'validation',
    'url: "***" stands for a part of the stored URL that is never shown (a credential); give the whole URL to change it, or leave url out to keep it',
    'url',
  );
}

/**
 * A stored header travels only to the address it was saved for, as a model key does (DESIGN §7): when
 * the URL changes, every stored header must be given again, or removed with `null`. Kept silently, the
 * next connection would send the stored `Authorization` to the new address, which the caller chose.
 */
function requireHeadersRestated(stored: unknown, changes: Record<string, string | null>): void {
  const restated = new Set(Object.keys(changes).map((name) => name.toLowerCase()));
  const kept = Object.keys(sealedHeaders(stored)).filter((name) => !restated.has(name.toLowerCase()));
  if (kept.length === 0) return;
  throw new DomainError(
    'validation',
    `headers: the URL changes, so give ${kept.join(', ')} again (or null to remove ${kept.length === 1 ? 'it' : 'them'}): stored header values are never sent to a new address`,
    'headers',
  );
}
