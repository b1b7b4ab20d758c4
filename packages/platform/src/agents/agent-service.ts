import { Prisma, type Database } from '@agentloom/db';
import type { OutboundPolicy } from '@agentloom/runtime';

import { recordAudit } from '../audit/record-audit';
import { assertCredentialCurrent } from '../auth/assert-credential-current';
import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import {
  agentIdInputSchema,
  agentVersionInputSchema,
  createAgentInputSchema,
  listAgentsInputSchema,
  saveAgentVersionInputSchema,
  type AgentIdInput,
  type AgentVersionInput,
  type CreateAgentInput,
  type ListAgentsInput,
  type SaveAgentVersionInput,
} from './agent.schema';
import { hashAgentConfig } from './agent-config-hash';
import type { SecretBox } from '../secrets/secret-box';
import { mapModelKeys, restoreConfigSecrets } from './agent-config-secrets';
import { assertModelDestinations } from './agent-model-destinations';
import { agentSummarySelect, parseConfig, toAgentSummaryView, toVersionSummaryView, toVersionView, versionSelect, versionSummarySelect } from './agent-rows';
import type { AgentVersionConfig } from './agent-version-config';
import type { AgentDetailView, AgentSummaryView, AgentVersionSummaryView, AgentVersionView, SavedAgentVersion } from './agent-views';
import { saveAgentVersion } from './save-agent-version';
import { assertApprovalRulesNameTools, assertKnownTools } from './assert-known-tools';
import { assertNoHostSkills, assertRunnableConfig } from './assert-runnable-config';
import type { ToolCatalog } from '../tools/tool-catalog';
import type { McpAgentTools } from '../mcp/mcp-agent-tools';

export { listAgentsInputSchema, type ListAgentsInput } from './agent.schema';
export type { AgentSummaryView } from './agent-views';

/**
 * The tenant's agents and their immutable versions. Anyone may read; creating, saving a version and
 * archiving need the admin role and are audit-logged in the same transaction as the change.
 */
export class AgentService {
  constructor(
    private readonly database: Database,
    /** The fleet's tool catalog: a config naming a tool outside it is refused at save. */
    private readonly tools: ToolCatalog,
    /** Model base URLs are checked against the outbound policy at save; API keys are stored sealed. */
    private readonly outbound: { policy: OutboundPolicy; secrets: SecretBox },
    /** Attached MCP servers' tools are pinned (server, tool, schema hash) at save; absent: configs attaching servers are refused. */
    private readonly mcp?: McpAgentTools,
  ) {}

  /** The caller's agents, by name; a tenant has tens of agents, so one page holds them all. */
  async list(principal: Principal, rawInput?: ListAgentsInput): Promise<AgentSummaryView[]> {
    const input = parseInput(listAgentsInputSchema, rawInput);
    const rows = await this.database.prisma.agent.findMany({
      where: { tenantId: principal.tenantId, ...(input.includeArchived ? {} : { archivedAt: null }) },
      orderBy: { name: 'asc' },
      take: 500,
      select: agentSummarySelect,
    });
    return rows.map(toAgentSummaryView);
  }

  /** The agent with its latest version's config. */
  async get(principal: Principal, rawInput: AgentIdInput): Promise<AgentDetailView> {
    const { agentId } = parseInput(agentIdInputSchema, rawInput);
    const row = await this.database.prisma.agent.findFirst({ where: { id: agentId, tenantId: principal.tenantId }, select: agentSummarySelect });
    if (!row) throw agentNotFound(agentId);
    const latest = await this.database.prisma.agentVersion.findFirst({ where: { agentId }, orderBy: { version: 'desc' }, select: versionSelect });
    return { ...toAgentSummaryView(row), updatedAt: row.updatedAt.toISOString(), latest: latest ? toVersionView(latest) : null };
  }

  /** Every version, newest first (an agent has at most a few hundred). */
  async versions(principal: Principal, rawInput: AgentIdInput): Promise<{ versions: AgentVersionSummaryView[] }> {
    const { agentId } = parseInput(agentIdInputSchema, rawInput);
    await this.assertAgent(principal, agentId);
    const rows = await this.database.prisma.agentVersion.findMany({
      where: { agentId },
      orderBy: { version: 'desc' },
      take: 1_000,
      select: versionSummarySelect,
    });
    return { versions: rows.map(toVersionSummaryView) };
  }

  /** One version with its full (effective, secrets redacted) config. */
  async version(principal: Principal, rawInput: AgentVersionInput): Promise<AgentVersionView> {
    const { agentId, version } = parseInput(agentVersionInputSchema, rawInput);
    await this.assertAgent(principal, agentId);
    const row = await this.database.prisma.agentVersion.findUnique({ where: { agentId_version: { agentId, version } }, select: versionSelect });
    if (!row) throw new DomainError('not-found', `Agent ${agentId} has no version ${version}`, 'version');
    return toVersionView(row);
  }

  /** A new agent with version 1. The slug is unique per tenant (`conflict` on `slug`). */
  async create(principal: Principal, rawInput: CreateAgentInput): Promise<AgentDetailView> {
    assertRole(principal, 'admin', 'Creating agents');
    const input = parseInput(createAgentInputSchema, rawInput);
    const parsed = restoreConfigSecrets(parseConfig(input.config), undefined);
    assertKnownTools(parsed, this.tools);
    assertRunnableConfig(parsed);
    assertNoHostSkills(parsed);
    await assertModelDestinations(parsed, this.outbound.policy);
    const config = await this.pinMcpTools(principal, parsed);
    assertApprovalRulesNameTools(config, this.tools);
    const configHash = hashAgentConfig(config, (key) => this.outbound.secrets.fingerprint(key));
    const stored = mapModelKeys(config, (key) => this.outbound.secrets.seal(key));
    const slugTaken = () => new DomainError('conflict', `An agent with slug "${input.slug}" already exists`, 'slug');
    if (await this.database.prisma.agent.findFirst({ where: { tenantId: principal.tenantId, slug: input.slug }, select: { id: true } })) throw slugTaken();
    try {
      const agentId = await this.database.prisma.$transaction(async (transaction) => {
        // A config names the model's address and key: not through a key revoked a moment ago (ADR 0103).
        await assertCredentialCurrent(transaction, principal);
        const agent = await transaction.agent.create({
          data: {
            tenantId: principal.tenantId,
            slug: input.slug,
            name: input.name,
            description: input.description,
            versions: {
              create: { tenantId: principal.tenantId, version: 1, config: stored as Prisma.InputJsonObject, configHash, createdBy: principal.apiKeyName },
            },
          },
          select: { id: true },
        });
        await recordAudit(transaction, principal, {
          action: 'agent.create',
          targetType: 'agent',
          targetId: agent.id,
          after: { slug: input.slug, name: input.name, version: 1, configHash },
        });
        return agent.id;
      });
      return await this.get(principal, { agentId });
    } catch (error) {
      // Two creates with one slug raced past the lookup; the unique index let one through.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw slugTaken();
      throw error;
    }
  }

  /**
   * Saves the config as version n+1. A config equal to the latest version's (same canonical hash of
   * the effective config) is a no-op: it returns the latest version with `created: false`, so a
   * double-clicked Save never makes two versions. Name and description are updated in place.
   */
  async saveVersion(principal: Principal, rawInput: SaveAgentVersionInput): Promise<SavedAgentVersion> {
    assertRole(principal, 'admin', 'Saving agent versions');
    const input = parseInput(saveAgentVersionInputSchema, rawInput);
    // Another tenant's agent is not found before its config is judged.
    await this.assertAgent(principal, input.agentId);
    const parsed = parseConfig(input.config);
    assertKnownTools(parsed, this.tools);
    assertRunnableConfig(parsed);
    assertNoHostSkills(parsed);
    // A base URL sent back as its view (`***`) is restored inside the save's transaction; the view keeps
    // the stored URL's scheme, host and port, so the policy judges the same destination here.
    await assertModelDestinations(parsed, this.outbound.policy);
    const config = await this.pinMcpTools(principal, parsed);
    assertApprovalRulesNameTools(config, this.tools);
    const { created } = await saveAgentVersion(this.database, principal, { ...input, config }, this.outbound.secrets);
    const agent = await this.get(principal, { agentId: input.agentId });
    if (!agent.latest) throw new Error(`Agent ${input.agentId} lost its versions while saving`);
    return { agent, version: agent.latest, created };
  }

  /** Archived agents keep their versions and runs but cannot start new runs. Idempotent. */
  archive(principal: Principal, rawInput: AgentIdInput): Promise<AgentSummaryView> {
    return this.setArchived(principal, rawInput, true);
  }

  unarchive(principal: Principal, rawInput: AgentIdInput): Promise<AgentSummaryView> {
    return this.setArchived(principal, rawInput, false);
  }

  private async setArchived(principal: Principal, rawInput: AgentIdInput, archived: boolean): Promise<AgentSummaryView> {
    assertRole(principal, 'admin', archived ? 'Archiving agents' : 'Unarchiving agents');
    const { agentId } = parseInput(agentIdInputSchema, rawInput);
    const row = await this.database.prisma.$transaction(async (transaction) => {
      const existing = await transaction.agent.findFirst({ where: { id: agentId, tenantId: principal.tenantId }, select: agentSummarySelect });
      if (!existing) throw agentNotFound(agentId);
      if ((existing.archivedAt !== null) === archived) return existing;
      const updated = await transaction.agent.update({
        where: { id: agentId },
        data: { archivedAt: archived ? new Date() : null },
        select: agentSummarySelect,
      });
      await recordAudit(transaction, principal, {
        action: archived ? 'agent.archive' : 'agent.unarchive',
        targetType: 'agent',
        targetId: agentId,
        before: { archived: !archived },
        after: { archived },
      });
      return updated;
    });
    return toAgentSummaryView(row);
  }

  private async pinMcpTools(principal: Principal, config: AgentVersionConfig): Promise<AgentVersionConfig> {
    if (this.mcp) return this.mcp.pin(principal.tenantId, config);
    if ((config.mcpServers ?? []).length > 0) throw new DomainError('validation', 'config.mcpServers: this platform was built without MCP support', 'config.mcpServers');
    const { mcpTools: _ignored, ...rest } = config;
    return rest;
  }

  private async assertAgent(principal: Principal, agentId: string): Promise<void> {
    const found = await this.database.prisma.agent.findFirst({ where: { id: agentId, tenantId: principal.tenantId }, select: { id: true } });
    if (!found) throw agentNotFound(agentId);
  }
}

export function agentNotFound(agentId: string): DomainError {
  return new DomainError('not-found', `Agent ${agentId} not found`, 'agentId');
}
