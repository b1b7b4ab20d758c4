import { z } from 'zod';
import type { Tool } from '../../contracts/tool';
import type { ToolContext } from '../../contracts/tool-context';
import type { WaitRequest, WaitState } from '../../contracts/wait';
import { WaitPendingError } from '../../errors';

/** The longest durable wait a tool may ask for: 30 days. */
export const maxWaitSeconds = 30 * 24 * 60 * 60;

/** The durable wait tools; registered only when listed in `builtinTools` and the host binds a wait store. */
export const waitToolNames = ['sleep', 'wait_until', 'wait_for_event'] as const;

const sleepArguments = z.object({
  seconds: z.number().int().min(1).max(maxWaitSeconds).describe(`How long to wait, in whole seconds (1 to ${maxWaitSeconds})`),
  reason: z.string().max(500).optional().describe('Why the run waits, shown to operators'),
});

const waitUntilArguments = z.object({
  until: z.iso.datetime({ offset: true }).describe('ISO-8601 time with a time zone offset, e.g. 2026-12-02T09:00:00Z, at most 30 days ahead'),
  reason: z.string().max(500).optional().describe('Why the run waits, shown to operators'),
});

const waitForEventArguments = z.object({
  correlationKey: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,200}$/, 'letters, digits and . _ : - only, at most 200 characters')
    .optional()
    .describe('Key the other system delivers the event with (POST /api/v1/events); defaults to "<run id>:<call id>"'),
  timeoutSeconds: z.number().int().min(1).max(maxWaitSeconds).optional().describe('Give up after this many seconds; waits without limit when omitted'),
});

type WaitTool<Arguments> = Omit<Tool<Arguments, ToolContext>, 'implementationId'>;

export const sleepTool: WaitTool<z.infer<typeof sleepArguments>> = {
  name: 'sleep',
  description: 'Pause the run for a number of seconds. The run releases its worker and resumes after the time, even across restarts.',
  inputSchema: sleepArguments,
  sideEffects: 'none',
  execute: (args, context) => awaitWait(context, 'sleep', { kind: 'timer', afterMs: args.seconds * 1000 }),
};

export const waitUntilTool: WaitTool<z.infer<typeof waitUntilArguments>> = {
  name: 'wait_until',
  description: 'Pause the run until a point in time (ISO-8601 with offset, at most 30 days ahead). The run resumes at that time, even across restarts.',
  inputSchema: waitUntilArguments,
  sideEffects: 'none',
  execute(args, context) {
    const aheadMs = Date.parse(args.until) - Date.now();
    if (aheadMs > maxWaitSeconds * 1000) return Promise.resolve({ content: `wait_until: ${args.until} is more than 30 days ahead`, isError: true });
    return awaitWait(context, 'wait_until', { kind: 'timer', at: new Date(args.until).toISOString() });
  },
};

export const waitForEventTool: WaitTool<z.infer<typeof waitForEventArguments>> = {
  name: 'wait_for_event',
  description:
    'Pause the run until another system delivers an event with the correlation key (POST /api/v1/events). The event payload becomes this tool result; with a timeout, the result says the time ran out.',
  inputSchema: waitForEventArguments,
  sideEffects: 'none',
  execute(args, context) {
    const correlationKey = args.correlationKey ?? `${context.instanceId}:${context.callId}`;
    return awaitWait(context, 'wait_for_event', {
      kind: 'event',
      correlationKey,
      ...(args.timeoutSeconds === undefined ? {} : { timeoutMs: args.timeoutSeconds * 1000 }),
    });
  },
};

/**
 * Registers the wait (idempotent per call) and either returns its outcome or parks the call. The
 * outcome is read from the host's store every time, so a re-executed call gives the same answer.
 */
async function awaitWait(context: ToolContext, toolName: string, request: WaitRequest) {
  if (!context.waits) return { content: `${toolName}: this host has no durable wait store`, isError: true };
  const state = await context.waits.wait(request);
  if (state.status === 'pending') {
    throw new WaitPendingError({
      callId: context.callId,
      toolName,
      kind: request.kind,
      wakeAt: state.wakeAt,
      ...(request.kind === 'event' ? { correlationKey: request.correlationKey } : {}),
    });
  }
  return resultOf(state, request);
}

function resultOf(state: Exclude<WaitState, { status: 'pending' }>, request: WaitRequest) {
  const correlationKey = request.kind === 'event' ? request.correlationKey : undefined;
  switch (state.status) {
    case 'elapsed':
      return { content: `Waited until ${state.wakeAt}.`, data: { wakeAt: state.wakeAt } };
    case 'delivered':
      return {
        content: `Event "${correlationKey ?? ''}" received: ${JSON.stringify(state.payload)}`,
        data: { correlationKey, payload: state.payload, deliveredAt: state.deliveredAt },
      };
    case 'timed-out':
      return { content: `No event "${correlationKey ?? ''}" arrived before the timeout at ${state.wakeAt}.`, data: { correlationKey, timedOut: true, wakeAt: state.wakeAt } };
  }
}
