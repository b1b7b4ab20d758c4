import { AgentLoomApiError } from '../api-error.ts';
import { createClient } from '../client.ts';
import { UsageError, writeLine, type CliOutput, type CommandContext } from './cli-context.ts';
import { approvalsCommand } from './commands/approvals-command.ts';
import { eventsCommand } from './commands/events-command.ts';
import { eraseCommand } from './commands/erase-command.ts';
import { evalCommand } from './commands/eval-command.ts';
import { memoriesCommand } from './commands/memories-command.ts';
import { runCommand } from './commands/run-command.ts';
import { schedulesCommand } from './commands/schedules-command.ts';
import { batchCommand } from './commands/batch-command.ts';
import { agentsCommand } from './commands/agents-command.ts';
import { budgetsCommand } from './commands/budgets-command.ts';
import { concurrencyLimitsCommand } from './commands/concurrency-limits-command.ts';
import { tenantsCommand } from './commands/tenants-command.ts';
import { createOperatorClient } from '../operator-client.ts';
import { connectionSettings, operatorConnectionSettings, parseCommandLine } from './parse-command-line.ts';
import { usage } from './usage.ts';

const commands: Record<string, (context: CommandContext) => Promise<number>> = {
  run: runCommand,
  approvals: approvalsCommand,
  events: eventsCommand,
  memories: memoriesCommand,
  erase: eraseCommand,
  agents: agentsCommand,
  budgets: budgetsCommand,
  'concurrency-limits': concurrencyLimitsCommand,
  eval: evalCommand,
  schedules: schedulesCommand,
  batch: batchCommand,
};

/** Runs one `agentloom` invocation and returns its exit code; never throws. */
export async function runCli(argv: string[], environment: Record<string, string | undefined>, output: CliOutput): Promise<number> {
  try {
    const { words, flags } = parseCommandLine(argv);
    const [name, ...rest] = words;
    if (flags.help || name === undefined || name === 'help') {
      writeLine(name === undefined && !flags.help ? output.stderr : output.stdout, usage);
      return name === undefined && !flags.help ? 2 : 0;
    }
    if (name === 'tenants') {
      const client = createOperatorClient(operatorConnectionSettings(flags, environment));
      return await tenantsCommand({ arguments: rest, flags, client, output });
    }
    const command = commands[name];
    if (!command) throw new UsageError(`Unknown command "${name}"`);
    const client = createClient(connectionSettings(flags, environment));
    return await command({ arguments: rest, flags, client, output });
  } catch (error) {
    if (error instanceof UsageError) {
      writeLine(output.stderr, `agentloom: ${error.message}\nRun agentloom --help for usage.`);
      return 2;
    }
    if (error instanceof AgentLoomApiError) {
      const field = error.field ? ` (field ${error.field})` : '';
      const request = error.requestId ? ` [request ${error.requestId}]` : '';
      writeLine(output.stderr, `agentloom: ${error.kind}: ${error.message}${field}${request}`);
      return 1;
    }
    writeLine(output.stderr, `agentloom: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}
