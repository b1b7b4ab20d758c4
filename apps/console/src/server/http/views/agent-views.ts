import { agentVersionConfigSchema } from '@agentloom/platform';
import { z } from 'zod';

import { timestampSchema, viewRegistry } from './view-registry';

export const agentSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    latestVersion: z.number().int().nullable().describe('Newest version number; null for an agent without versions (it cannot run).'),
    archived: z.boolean(),
    createdAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'Agent' });

export const agentListSchema = z.object({ agents: z.array(agentSchema) }).register(viewRegistry, { id: 'AgentList' });

export const agentVersionSummarySchema = z
  .object({
    id: z.string().describe("The version row's id: what a run's `agentVersionId` points at."),
    version: z.number().int(),
    configHash: z.string().describe('sha256 of the canonical JSON of the effective config.'),
    createdBy: z.string().nullable().describe('The API key name (or `seed`) that saved it.'),
    createdAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'AgentVersionSummary' });

export const agentVersionListSchema = z.object({ versions: z.array(agentVersionSummarySchema) }).register(viewRegistry, { id: 'AgentVersionList' });

/** The effective config: defaults applied, model API keys replaced by the redaction marker, credentials in model base URLs shown as `***` (ADR 0012). */
export const agentConfigSchema = agentVersionConfigSchema.register(viewRegistry, { id: 'AgentConfig' });

export const agentVersionSchema = agentVersionSummarySchema
  .extend({ agentId: z.string(), config: agentConfigSchema })
  .register(viewRegistry, { id: 'AgentVersion' });

export const agentDetailSchema = agentSchema
  .extend({ updatedAt: timestampSchema, latest: agentVersionSchema.nullable().describe('The newest version with its config; null without versions.') })
  .register(viewRegistry, { id: 'AgentDetail' });

/** What saving a version did: `created` is false when the config equalled the latest version's (no new version). */
export const savedAgentVersionSchema = z
  .object({ agent: agentDetailSchema, version: agentVersionSchema, created: z.boolean() })
  .register(viewRegistry, { id: 'SavedAgentVersion' });
