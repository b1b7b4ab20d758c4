import { z } from 'zod';

/**
 * What the agent write operations answer, in zod, for the OpenAPI document (the platform's view
 * interfaces in `agents/agent-views.ts` have these shapes; `agent-response-schemas.test.ts` checks
 * real answers against them).
 */
export const agentSummaryResponseSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  latestVersion: z.number().int().nullable(),
  archived: z.boolean(),
  createdAt: z.iso.datetime(),
});

export const agentVersionResponseSchema = z.object({
  id: z.uuid(),
  agentId: z.uuid(),
  version: z.number().int(),
  configHash: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** The effective config with defaults applied; model API keys are redacted. */
  config: z.record(z.string(), z.unknown()),
});

export const agentDetailResponseSchema = agentSummaryResponseSchema.extend({
  updatedAt: z.iso.datetime(),
  latest: agentVersionResponseSchema.nullable(),
});

export const savedAgentVersionResponseSchema = z.object({
  agent: agentDetailResponseSchema,
  version: agentVersionResponseSchema,
  created: z.boolean(),
});

export const eraseReceiptResponseSchema = z.object({
  unit: z.enum(['run', 'thread', 'tenant']),
  id: z.uuid(),
  tenantId: z.uuid(),
  counts: z.record(z.string(), z.number().int()),
  erasedAt: z.iso.datetime(),
});
