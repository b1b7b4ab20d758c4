import { agentConfigSchema, modelConfigSchema } from '@agentloom/runtime';
import { z } from 'zod';

import { runBudgetSchema } from '../budgets/budget.schema';
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
  /**
   * The tenant's MCP servers this agent uses, by name; `tools` narrows to some of a server's tools
   * (all of them when absent). Their tools are offered as `mcp.<server>.<tool>`.
   */
  mcpServers: z
    .array(z.object({ server: z.string().min(1), tools: z.array(z.string().min(1)).min(1).optional() }))
    .optional(),
  /**
   * Written by the platform at save, never taken from the caller: each attached tool pinned by
   * server, tool name, schema hash and side effects. A run refuses to start (`resume-mismatch`) when
   * the server's tool no longer has that hash or those side effects. Pins saved before side effects
   * were pinned have none, and take the server's value (ADR 0033).
   */
  mcpTools: z
    .array(z.object({ server: z.string(), tool: z.string(), schemaHash: z.string(), sideEffects: z.enum(['none', 'idempotent', 'unsafe']).optional() }))
    .optional(),
  /**
   * Pending approvals expire (→ rejected with reason `expired`) after this many minutes. A save is
   * refused past `maximumApprovalExpiryMinutes` (`parseConfig`); a version stored before that bound is
   * read as it is and its runs use the bound, so reading it never fails.
   */
  approvalExpiryMinutes: z.number().int().positive().optional(),
  /** Token and cost budget of each run of this version; the run ends `budget-exceeded` when it is spent (ADR 0045). */
  runBudget: runBudgetSchema.optional(),
  /** Fact extraction and conversation indexing after each run (off unless set). */
  memoryWriting: memoryWritingConfigSchema.optional(),
});

/**
 * The longest an approval may wait: a year. Beyond about 1.2e11 minutes the expiry is no date at all,
 * and every gated call of the agent failed its run with an internal error.
 */
export const maximumApprovalExpiryMinutes = 366 * 24 * 60;

export type AgentVersionConfig = z.infer<typeof agentVersionConfigSchema>;
export type AgentVersionConfigInput = z.input<typeof agentVersionConfigSchema>;
