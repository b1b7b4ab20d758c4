import { z } from 'zod';

import { databaseIntegerSchema } from '../validation/database-integer.schema';

export const listAgentsInputSchema = z
  .object({
    /** Archived agents cannot start runs; lists leave them out unless asked. */
    includeArchived: z.boolean().default(false),
  })
  .default({ includeArchived: false });
export type ListAgentsInput = z.input<typeof listAgentsInputSchema>;

export const agentIdInputSchema = z.object({ agentId: z.uuid() });
export type AgentIdInput = z.input<typeof agentIdInputSchema>;

export const agentVersionInputSchema = z.object({ agentId: z.uuid(), version: databaseIntegerSchema.positive() });
export type AgentVersionInput = z.input<typeof agentVersionInputSchema>;

const agentNameSchema = z.string().trim().min(1, 'name must not be empty').max(100);
const agentDescriptionSchema = z.string().trim().max(1_000);

/**
 * `config` is checked against `agentVersionConfigSchema` by the service (not here), so the error
 * names the config field (`config.mode`) and transports can describe it as a free-form object.
 */
export const createAgentInputSchema = z.object({
  slug: z
    .string()
    .trim()
    .min(2)
    .max(64)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug: lowercase letters, digits and single dashes'),
  name: agentNameSchema,
  description: agentDescriptionSchema.default(''),
  config: z.record(z.string(), z.unknown()).default({}),
});
export type CreateAgentInput = z.input<typeof createAgentInputSchema>;

export const saveAgentVersionInputSchema = z.object({
  agentId: z.uuid(),
  config: z.record(z.string(), z.unknown()),
  /** Name and description are the agent's, not the version's: changing them does not make a version. */
  name: agentNameSchema.optional(),
  description: agentDescriptionSchema.optional(),
});
export type SaveAgentVersionInput = z.input<typeof saveAgentVersionInputSchema>;
