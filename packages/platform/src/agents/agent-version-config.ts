import { agentConfigSchema, modelConfigSchema } from '@agentloom/runtime';
import { z } from 'zod';

import { memoryWritingConfigSchema } from '../memory/extraction/memory-writing-config';

/**
 * What an agent version stores: the runtime's agent config plus what the platform wires around it —
 * which model endpoint (absent → the offline demo script), which platform tools by name, and how
 * long approvals may wait.
 */
export const agentVersionConfigSchema = agentConfigSchema.extend({
  model: modelConfigSchema.optional(),
  /** Fallback models tried in order when the primary keeps failing. */
  fallbackModels: z.array(modelConfigSchema).default([]),
  /** Platform tools (by registered name) this agent may call, besides the built-ins. */
  tools: z.array(z.string().min(1)).default([]),
  /** Pending approvals expire (→ rejected with reason `expired`) after this many minutes. */
  approvalExpiryMinutes: z.number().int().positive().optional(),
  /** Fact extraction and conversation indexing after each run (off unless set). */
  memoryWriting: memoryWritingConfigSchema.optional(),
});

export type AgentVersionConfig = z.infer<typeof agentVersionConfigSchema>;
export type AgentVersionConfigInput = z.input<typeof agentVersionConfigSchema>;
