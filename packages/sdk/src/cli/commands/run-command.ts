import type { RunStatus } from '../../types.ts';
import { printResult, UsageError, writeLine, type CommandContext } from '../cli-context.ts';
import { activityAfter, describeEvent } from '../describe-event.ts';
import { costFlag, integerFlag } from '../parse-command-line.ts';
import { progressLine } from '../progress-line.ts';

/** 0 when the run succeeded, 3 when it was cancelled, 1 otherwise (failed). */
export function exitCodeFor(status: RunStatus): number {
  if (status === 'succeeded') return 0;
  if (status === 'cancelled') return 3;
  return 1;
}

/** `run <agent> "input" [--thread id] [--max-tokens n] [--max-cost-usd x] [--follow]`; the two limits are this run's own budget (ADR 0052). */
export async function runCommand(context: CommandContext): Promise<number> {
  const { client, flags, output } = context;
  const [agentReference, input, ...extra] = context.arguments;
  if (!agentReference || input === undefined || extra.length > 0)
    throw new UsageError('Usage: agentloom run <agent-slug-or-id> "input" [--thread <id>] [--max-tokens <n>] [--max-cost-usd <dollars>] [--follow]');
  const budget = runBudgetFlags(flags['max-tokens'], flags['max-cost-usd']);
  const agent = await client.agents.resolve(agentReference);
  const run = await client.runs.create({ agentId: agent.id, input, ...(flags.thread ? { threadId: flags.thread } : {}), ...(budget ? { budget } : {}) });
  if (!flags.follow) {
    printResult(context, run, () => writeLine(output.stdout, `${run.id} ${run.status}`));
    return 0;
  }
  writeLine(output.stderr, `Run ${run.id} of ${agent.slug} started`);
  let activity = 'queued';
  const progress = progressLine(output, `${agent.slug}: ${activity}`);
  try {
    for await (const event of client.runs.stream(run.id, {
      onReconnect: ({ attempt }) => progress.update(`${agent.slug}: reconnecting (attempt ${attempt})`),
    })) {
      if (flags.json) writeLine(output.stdout, JSON.stringify(event));
      else {
        const line = describeEvent(event);
        if (line !== null) progress.log(line);
      }
      activity = activityAfter(event, activity);
      progress.update(`${agent.slug}: ${activity} (event ${event.seq})`);
    }
  } finally {
    progress.stop();
  }
  const finished = await client.runs.get(run.id);
  printResult(context, finished, () => {
    const text = typeof finished.output === 'object' && finished.output !== null && 'text' in finished.output ? finished.output.text : finished.output;
    if (finished.status === 'succeeded' && text !== null) writeLine(output.stdout, typeof text === 'string' ? text : JSON.stringify(text));
    writeLine(output.stderr, `Run ${finished.id} ${finished.status}${finished.error ? `: ${finished.error.message}` : ''}`);
  });
  return exitCodeFor(finished.status);
}

/** The run's own budget from `--max-tokens` / `--max-cost-usd`, or undefined when neither is given. */
function runBudgetFlags(maxTokensFlag: string | undefined, maxCostFlag: string | undefined): { maxTokens?: number; maxCostUsd?: number } | undefined {
  const maxTokens = integerFlag(maxTokensFlag, 'max-tokens');
  const maxCostUsd = maxCostFlag === 'none' ? undefined : (costFlag(maxCostFlag) ?? undefined);
  if (maxTokens === undefined && maxCostUsd === undefined) return undefined;
  return { ...(maxTokens !== undefined ? { maxTokens } : {}), ...(maxCostUsd !== undefined ? { maxCostUsd } : {}) };
}
