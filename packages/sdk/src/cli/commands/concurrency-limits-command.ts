import type { ConcurrencyLimits } from '../../types.ts';
import { printResult, UsageError, writeLine, type CliFlags, type CommandContext } from '../cli-context.ts';
import { nullableIntegerFlag } from '../parse-command-line.ts';

const usage = 'Usage: agentloom concurrency-limits [list] | set (--tenant | --agent <agent-slug-or-id>) --max <n|none>';

/** What `concurrency-limits set` changes: the tenant's own limit or one agent's, to a number or none (null). */
export interface ConcurrencyLimitChange {
  target: { tenant: true } | { agent: string };
  maxRunningRuns: number | null;
}

/**
 * `concurrency-limits [list|set]`: the most runs of the tenant, or of one agent, running at once
 * (held by every executor's claim, ADR 0049/0056). Reading needs any key, setting an admin key.
 */
export async function concurrencyLimitsCommand(context: CommandContext): Promise<number> {
  const { client } = context;
  const [action, ...extra] = context.arguments;
  if (extra.length > 0) throw new UsageError(usage);
  if (action === undefined || action === 'list') {
    if (hasSetFlags(context.flags)) throw new UsageError(`--tenant, --agent and --max belong to "set"\n${usage}`);
    print(context, await client.concurrencyLimits.get());
    return 0;
  }
  if (action !== 'set') throw new UsageError(usage);
  const change = parseConcurrencyLimitChange(context.flags);
  const agentId = 'agent' in change.target ? (await client.agents.resolve(change.target.agent, { includeArchived: true })).id : undefined;
  print(context, await client.concurrencyLimits.set({ maxRunningRuns: change.maxRunningRuns, ...(agentId === undefined ? {} : { agentId }) }));
  return 0;
}

/** Reads `set`'s flags: exactly one of `--tenant` and `--agent`, and `--max` (a whole number, or `none` to remove the limit). */
export function parseConcurrencyLimitChange(flags: CliFlags): ConcurrencyLimitChange {
  if (flags.tenant && flags.agent !== undefined) throw new UsageError(`concurrency-limits set takes --tenant or --agent, not both\n${usage}`);
  if (!flags.tenant && flags.agent === undefined) throw new UsageError(`concurrency-limits set needs --tenant or --agent <agent-slug-or-id>\n${usage}`);
  const maxRunningRuns = nullableIntegerFlag(flags.max, 'max');
  if (maxRunningRuns === undefined) throw new UsageError(`concurrency-limits set needs --max <n> (or --max none to remove the limit)\n${usage}`);
  return { target: flags.agent === undefined ? { tenant: true } : { agent: flags.agent }, maxRunningRuns };
}

function hasSetFlags(flags: CliFlags): boolean {
  return flags.tenant === true || flags.agent !== undefined || flags.max !== undefined;
}

function print(context: CommandContext, limits: ConcurrencyLimits): void {
  printResult(context, limits, () => {
    writeLine(context.output.stdout, `Tenant: ${describeLimit(limits.tenant)}`);
    for (const agent of limits.agents) writeLine(context.output.stdout, `${agent.agentName} (${agent.agentId}): ${describeLimit(agent)}`);
    if (limits.agents.length === 0) writeLine(context.output.stdout, 'No agent has a limit of its own.');
  });
}

function describeLimit(scope: { maxRunningRuns: number | null; running: number }): string {
  return `${scope.running} running, ${scope.maxRunningRuns === null ? 'no limit' : `at most ${scope.maxRunningRuns} at once`}`;
}
