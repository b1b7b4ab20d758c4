import { runStatuses } from '@agentloom/platform';
import { z } from 'zod';
import { holdStreamSlot } from '~/server/http/stream-limit';

import { defineTool } from '../mcp-tool';
import { resolveAgentId } from '../resolve-agent';
import { runSummary } from '../run-summary';
import { waitForRun } from '../wait-for-run';

/** The `_meta` key AgentLoom's own MCP client sends a call's idempotency key in (runtime `mcpIdempotencyKeyMetaKey`). */
const idempotencyKeyMetaKey = 'idempotencyKey';
const defaultWaitSeconds = 300;

export const startRunTool = defineTool({
  name: 'start_run',
  title: 'Start a run',
  description:
    'Starts a run of an agent (named by id, slug or name) on an input, optionally continuing a thread. ' +
    'With wait=true the call returns when the run finishes or asks for an approval (or after timeoutSeconds), ' +
    'sending progress notifications per step and tool call when the request carries a progress token. Needs the operator role.',
  role: 'operator',
  readOnly: false,
  inputSchema: {
    agent: z.string().min(1).max(200).describe('The agent: its id, slug (e.g. demo-researcher) or name.'),
    version: z.number().int().positive().optional().describe("Agent version number to run; the agent's latest when omitted."),
    input: z.string().min(1).max(100_000).describe('What the agent is asked.'),
    threadId: z.uuid().optional().describe('A thread of the same agent to continue.'),
    idempotencyKey: z.string().min(1).max(200).optional().describe('Same key and same arguments → the same run; same key with other arguments → conflict.'),
    budget: z
      .object({ maxTokens: z.number().optional(), maxCostUsd: z.number().optional() })
      .optional()
      .describe('This run’s own token and/or cost budget (positive whole tokens, dollars); once spent the run fails with budget-exceeded.'),
    wait: z.boolean().default(false).describe('Wait for the result instead of returning the queued run.'),
    timeoutSeconds: z.number().int().min(1).max(3_600).default(defaultWaitSeconds).describe('How long wait=true waits at most.'),
  },
  async run(input, context) {
    const { platform, principal, extra } = context;
    const metaKey = extra._meta?.[idempotencyKeyMetaKey];
    const idempotencyKey = input.idempotencyKey ?? (typeof metaKey === 'string' ? metaKey : undefined);
    // Taken before the run exists: a key with all its streams open is refused without starting one.
    const slot = input.wait ? holdStreamSlot(principal.apiKeyId) : undefined;
    try {
      const { run, created } = await platform.runs.create(principal, {
        agentId: await resolveAgentId(platform, principal, input.agent),
        input: input.input,
        ...(input.version === undefined ? {} : { agentVersion: input.version }),
        ...(input.threadId === undefined ? {} : { threadId: input.threadId }),
        ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
        // Validated by the run service, which names the field it refuses (budget.maxTokens).
        ...(input.budget === undefined ? {} : { budget: input.budget }),
      });
      const wait = input.wait ? await waitForRun(context, run.id, input.timeoutSeconds) : undefined;
      return { created, ...(wait ? { wait } : {}), ...(await runSummary(platform, principal, run.id)) };
    } finally {
      slot?.release();
    }
  },
});

export const getRunTool = defineTool({
  name: 'get_run',
  title: 'Read a run',
  description: "A run's status, input, output, error and usage, its steps in brief (kind, outcome, tools called) and the approvals it waits on.",
  role: 'viewer',
  readOnly: true,
  inputSchema: {
    runId: z.uuid(),
    stepCursor: z.number().int().min(-1).optional().describe('`nextStepCursor` of the previous answer, for the next steps.'),
  },
  run: (input, { platform, principal }) => runSummary(platform, principal, input.runId, input.stepCursor),
});

export const listRunsTool = defineTool({
  name: 'list_runs',
  title: 'List runs',
  description: "The tenant's runs, newest first, filtered by status, agent, thread, time window or text; page on with `cursor` (the answer's `nextCursor`).",
  role: 'viewer',
  readOnly: true,
  inputSchema: {
    status: z.enum(runStatuses).optional(),
    agent: z.string().min(1).max(200).optional().describe('Only runs of this agent (id, slug or name).'),
    threadId: z.uuid().optional(),
    within: z.enum(['1h', '24h', '7d', '30d']).optional().describe('Only runs queued within this long before now.'),
    search: z.string().min(1).max(200).optional().describe('Text found in the run id or its input.'),
    cursor: z.uuid().optional(),
    limit: z.number().int().min(1).max(200).default(20),
  },
  async run(input, { platform, principal }) {
    const { agent, ...filters } = input;
    return platform.runs.list(principal, { ...filters, ...(agent === undefined ? {} : { agentId: await resolveAgentId(platform, principal, agent) }) });
  },
});
