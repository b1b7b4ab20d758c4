import { z } from 'zod';

/** Bump when the checkpoint layout changes incompatibly; `parseCheckpoint` refuses other versions. */
export const checkpointFormatVersion = 1;

const jsonObjectSchema = z.record(z.string(), z.json());

const moduleBindingSchema = z.object({ moduleId: z.string().min(1), config: jsonObjectSchema });

const toolBindingSchema = z.object({
  name: z.string(),
  implementationId: z.string().min(1),
  sideEffects: z.enum(['none', 'idempotent', 'unsafe']),
  schemaHash: z.string(),
});

const planSchema = z.object({
  items: z.array(z.object({ id: z.string(), title: z.string(), status: z.enum(['pending', 'in-progress', 'done', 'blocked']) })),
});

/** A tool call the run has proposed but not finished: waiting for a human or approved and not yet run. */
const pendingCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: jsonObjectSchema,
  status: z.enum(['awaiting-approval', 'approved', 'rejected', 'ready']),
  rejectionReason: z.string().optional(),
  invocationState: jsonObjectSchema.default({}),
});

const routingDecisionSchema = z.object({ decision: z.enum(['inject_memory', 'load_skill', 'call_tool', 'noop']), reason: z.string(), payload: jsonObjectSchema });

export const checkpointSchema = z.object({
  format: z.literal(checkpointFormatVersion),
  instanceId: z.string().min(1),
  /** Loop steps completed when the checkpoint was taken. */
  step: z.number().int().nonnegative(),
  status: z.enum(['running', 'awaiting-approval', 'completed', 'interrupted']),
  bindings: z.object({
    modules: z.record(z.string(), moduleBindingSchema),
    limits: z.object({ maxModelCalls: z.number().int().positive(), maxIterations: z.number().int().positive() }),
    tools: z.array(toolBindingSchema),
  }),
  /** Counters of the execution that wrote the checkpoint; budgets reset on resume, `delegations` does not. */
  counters: z.object({
    modelCalls: z.number().int().nonnegative(),
    iterations: z.number().int().nonnegative(),
    delegations: z.number().int().nonnegative(),
    succeededToolCalls: z.number().int().nonnegative(),
    failedToolCalls: z.number().int().nonnegative(),
  }),
  /** Last event sequence number used; the resumed run continues after it. */
  eventSequence: z.number().int().nonnegative(),
  plan: planSchema.nullable(),
  pendingCalls: z.array(pendingCallSchema),
  /** Context manager control state: transcript pointers, turn baseline, summary snapshot. */
  context: jsonObjectSchema,
  /** Routing decisions, or null before the routing stage ran. */
  routing: z.array(routingDecisionSchema).nullable(),
});

export type Checkpoint = z.infer<typeof checkpointSchema>;
export type PendingCall = z.infer<typeof pendingCallSchema>;
export type ModuleBinding = z.infer<typeof moduleBindingSchema>;
export type RecordedRoutingDecision = z.infer<typeof routingDecisionSchema>;
