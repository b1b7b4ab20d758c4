import { z } from 'zod';

/**
 * What the platform writes to long-term memory after each run of an agent, besides its episode
 * summary. Both are off unless the agent asks: each costs something (a model call; stored turns).
 */
export const memoryWritingConfigSchema = z.object({
  /**
   * After each successful run, the agent's model proposes facts with keys and ADD/UPDATE/DELETE/NONE
   * decisions against the nearest existing memories (ADR 0024). Needs `model`; one extra model call per run.
   */
  extractFacts: z.boolean().default(false),
  /**
   * Index each turn (what the user said, what the agent answered) as a memory, so a later thread
   * can recall it (ADR 0025). `thread`: only that thread sees it; `user`: every thread of the same
   * end user (a thread without an end user keeps it at thread level).
   */
  conversations: z.object({ scope: z.enum(['thread', 'user']) }).optional(),
  /**
   * Ask the agent's model for the episode summary even when the run failed because of that model's
   * provider (unreachable, rate limited, key refused, bad replies). Off: such runs get the extractive
   * summary and the failing provider is not called again.
   */
  modelSummaryAfterProviderFailure: z.boolean().optional(),
});

export type MemoryWritingConfig = z.infer<typeof memoryWritingConfigSchema>;
