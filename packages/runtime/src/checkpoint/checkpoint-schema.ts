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

const approvalRequestSchema = z.object({
  callId: z.string(),
  toolName: z.string(),
  arguments: jsonObjectSchema,
  implementationId: z.string(),
  sideEffects: z.enum(['none', 'idempotent', 'unsafe']),
  requestedBy: z.object({ agent: z.string(), parentCallId: z.string() }).optional(),
});

const approvalDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ callId: z.string(), decision: z.literal('approve') }),
  z.object({ callId: z.string(), decision: z.literal('reject'), reason: z.string() }),
  z.object({ callId: z.string(), decision: z.literal('edit'), arguments: jsonObjectSchema }),
]);

/**
 * A sub-agent paused inside a delegating call because one of its calls needs approval: its own
 * checkpoint and transcript (a sub-agent's messages have no rows of their own), the requests the
 * parent surfaced (call ids qualified as `<parentCallId>/<childCallId>`), and — once a human decided —
 * the decisions (child call ids) it resumes with.
 */
const suspendedChildSchema = z.object({
  agent: z.string(),
  task: z.string(),
  ordinal: z.number().int().positive(),
  instanceId: z.string(),
  checkpoint: jsonObjectSchema,
  messages: z.array(jsonObjectSchema),
  requests: z.array(approvalRequestSchema),
  decisions: z.array(approvalDecisionSchema).default([]),
});

/**
 * A tool call the run has proposed but not finished: waiting for a human, approved and not yet run,
 * or — in a batch held open by a suspended sub-agent — `completed` with its result kept until the
 * whole batch can be appended in call order.
 */
const pendingCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: jsonObjectSchema,
  status: z.enum(['awaiting-approval', 'approved', 'rejected', 'ready', 'completed']),
  rejectionReason: z.string().optional(),
  invocationState: jsonObjectSchema.default({}),
  result: z.object({ content: z.string(), isError: z.boolean() }).optional(),
  child: suspendedChildSchema.optional(),
});

const routingDecisionSchema = z.object({ decision: z.enum(['inject_memory', 'load_skill', 'call_tool', 'noop']), reason: z.string(), payload: jsonObjectSchema });

export const checkpointSchema = z.object({
  format: z.literal(checkpointFormatVersion),
  instanceId: z.string().min(1),
  /** Loop steps completed when the checkpoint was taken. */
  step: z.number().int().nonnegative(),
  status: z.enum(['running', 'awaiting-approval', 'waiting', 'completed', 'interrupted']),
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
export type SuspendedChild = z.infer<typeof suspendedChildSchema>;
export type ModuleBinding = z.infer<typeof moduleBindingSchema>;
export type RecordedRoutingDecision = z.infer<typeof routingDecisionSchema>;
