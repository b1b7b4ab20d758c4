import { roles, runStatuses } from '@agentloom/platform';
import { z } from 'zod';

import { jsonValueSchema, nextCursorSchema, timestampSchema, viewRegistry } from './view-registry';

export const callerSchema = z
  .object({ tenantId: z.string(), tenantName: z.string(), apiKeyId: z.string(), apiKeyName: z.string(), role: z.enum(roles) })
  .register(viewRegistry, { id: 'Caller' });

export const eraseReceiptSchema = z
  .object({
    unit: z.enum(['run', 'thread', 'tenant']),
    id: z.string(),
    tenantId: z.string(),
    counts: z.record(z.string(), z.number().int()).describe('Table name → rows removed (0 listed too: every table was checked).'),
    erasedAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'EraseReceipt' });

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe('The public start of the key that identifies it; never the secret.'),
    role: z.enum(roles),
    createdAt: timestampSchema,
    lastUsedAt: timestampSchema.nullable(),
    revokedAt: timestampSchema.nullable(),
  })
  .register(viewRegistry, { id: 'ApiKey' });

export const createdApiKeySchema = apiKeySchema
  .extend({ key: z.string().describe('The secret: shown this once, stored only as a hash.') })
  .register(viewRegistry, { id: 'CreatedApiKey' });

export const apiKeyListSchema = z.object({ apiKeys: z.array(apiKeySchema) }).register(viewRegistry, { id: 'ApiKeyList' });

const usageTotalsShape = {
  runs: z.number().int(),
  runsByStatus: z.object(Object.fromEntries(runStatuses.map((status) => [status, z.number().int()])) as Record<(typeof runStatuses)[number], z.ZodNumber>),
  modelCalls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  costUsd: z.number().describe('Sum of the priced calls; read it with `costKnown`.'),
  unpricedRuns: z
    .number()
    .int()
    .describe("Counted runs whose agent version has a model without prices (a run's `usage.costKnown` false): their calls added no cost."),
  costKnown: z.boolean().describe('`unpricedRuns` is 0: `costUsd` is the cost. Otherwise it is a lower bound, not the cost.'),
  toolCalls: z.number().int(),
};

export const usageSummarySchema = z
  .object({
    from: timestampSchema,
    to: timestampSchema,
    agents: z
      .array(z.object({ agentId: z.string(), agentSlug: z.string(), agentName: z.string(), ...usageTotalsShape }))
      .describe('Agents with at least one run in the window, most expensive first.'),
    daily: z.array(
      z.object({
        day: z.string().describe('`YYYY-MM-DD` (UTC).'),
        runs: z.number().int(),
        inputTokens: z.number().int(),
        outputTokens: z.number().int(),
        costUsd: z.number().describe('Sum of the priced calls; a lower bound when `costKnown` is false.'),
        unpricedRuns: z.number().int().describe("The day's runs whose cost is unknown."),
        costKnown: z.boolean(),
      }),
    ),
    totals: z.object(usageTotalsShape),
  })
  .register(viewRegistry, { id: 'UsageSummary' });

export const auditEntrySchema = z
  .object({
    id: z.string(),
    action: z.string(),
    actorType: z.string(),
    actorId: z.string(),
    actorName: z.string().nullable().describe("The API key's name when the key still exists."),
    targetType: z.string(),
    targetId: z.string(),
    before: jsonValueSchema,
    after: jsonValueSchema,
    ipAddress: z.string().nullable(),
    requestId: z.string().nullable(),
    createdAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'AuditEntry' });

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: nextCursorSchema }).register(viewRegistry, { id: 'AuditPage' });

/** This document: only its top level is pinned down (it describes itself in full). */
export const openApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) })
  .register(viewRegistry, { id: 'OpenApiDocument' });
