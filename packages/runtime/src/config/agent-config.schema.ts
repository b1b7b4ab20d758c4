import { z } from 'zod';

const demoReplySchema = z.object({
  /** Reply when the task contains this text (case-insensitive); omitted means "any task". */
  whenTaskIncludes: z.string().optional(),
  text: z.string().default(''),
  toolCalls: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()).default({}) })).default([]),
});

/** The scripted behaviour of an offline demo agent: replies played in order per matching task. */
export const demoScriptSchema = z.object({
  replies: z.array(demoReplySchema).min(1),
  /** Final answer once the script is exhausted. */
  fallback: z.string().default('The demo script has no further replies.'),
});
export type DemoScript = z.infer<typeof demoScriptSchema>;

const compactionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('budget'),
    contextTokens: z.number().int().positive().default(128_000),
    threshold: z.number().gt(0).lte(1).default(0.8),
    maxTurns: z.number().int().positive().optional(),
  }),
  z.object({
    kind: z.literal('character'),
    triggerChars: z.number().int().positive().default(60_000),
    keepRecentChars: z.number().int().positive().default(16_000),
  }),
]);

const subAgentSchema = z.object({
  name: z.string().min(1),
  description: z.string().default(''),
  instructions: z.string(),
  mode: z.enum(['react', 'plan']).default('react'),
});

/** A published agent version's configuration, as the engine reads it. */
export const agentConfigSchema = z.object({
  instructions: z.string().default('You are a helpful agent.'),
  mode: z.enum(['react', 'plan']).default('react'),
  limits: z
    .object({ maxModelCalls: z.number().int().positive().optional(), maxIterations: z.number().int().positive().optional() })
    .default({}),
  compaction: compactionSchema.optional(),
  /**
   * `verify` asks the model, after each candidate answer, whether it completes the task: one more
   * model call per answer, paid by the user, so it is opt-in (ADR 0037). Versions that set it keep it.
   */
  completion: z.object({ requireToolEvidence: z.boolean().default(false), verify: z.boolean().default(false) }).default({ requireToolEvidence: false, verify: false }),
  /** Built-in tools to enable; omitted means all that apply to the mode and bound modules. */
  builtinTools: z.array(z.string()).optional(),
  /** Per-tool approval: `always` or `never`. Predicates are passed to createEngine in code. */
  approvals: z.record(z.string(), z.enum(['always', 'never'])).default({}),
  subAgents: z.array(subAgentSchema).default([]),
  memory: z.object({ tenantId: z.string(), agentId: z.string().optional() }).optional(),
  /**
   * Automatic memory injection: before the first model call, the task is searched in memory and up
   * to `maxMemories` hits whose evidence (`parts.evidence`, ADR 0061) is at least `minScore` are put in
   * a memory block (a KeywordRouter is used unless a router is injected). Needs a memory port; omitted
   * means no automatic injection. 0.39: the most never-discussed questions abstained on bench/memory-eval's
   * dev split with at most 10 % of answerable ones emptied.
   */
  memoryInjection: z.object({ maxMemories: z.number().int().min(1).max(20).default(3), minScore: z.number().min(0).default(0.39) }).optional(),
  skills: z.object({ directory: z.string() }).optional(),
  demoScript: demoScriptSchema.optional(),
});

export type AgentConfig = z.infer<typeof agentConfigSchema>;
export type AgentConfigInput = z.input<typeof agentConfigSchema>;
export type SubAgentConfig = z.infer<typeof subAgentSchema>;

/** An immutable agent version as handed to `createEngine`. */
export interface AgentSnapshot {
  agentId?: string;
  versionId?: string;
  config: AgentConfigInput;
}
