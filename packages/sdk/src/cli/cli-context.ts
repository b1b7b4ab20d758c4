import type { AgentLoomClient } from '../client.ts';
import type { AgentLoomOperatorClient } from '../operator-client.ts';

/** Where a command writes: results to `stdout`, progress and errors to `stderr`. */
export interface CliOutput {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/** The options every command understands (parsed once, by `parseCommandLine`). */
export interface CliFlags {
  url?: string | undefined;
  key?: string | undefined;
  thread?: string | undefined;
  follow?: boolean | undefined;
  reason?: string | undefined;
  payload?: string | undefined;
  status?: string | undefined;
  limit?: string | undefined;
  json?: boolean | undefined;
  name?: string | undefined;
  description?: string | undefined;
  config?: string | undefined;
  confirm?: string | undefined;
  cron?: string | undefined;
  tz?: string | undefined;
  every?: string | undefined;
  input?: string | undefined;
  overlap?: string | undefined;
  'catch-up'?: string | undefined;
  'retention-days'?: string | undefined;
  'rate-limit-per-minute'?: string | undefined;
  'rate-limit-burst'?: string | undefined;
  agent?: string | undefined;
  'max-tokens'?: string | undefined;
  'max-cost-usd'?: string | undefined;
  dataset?: string | undefined;
  version?: string | undefined;
  baseline?: string | undefined;
  'fail-on-regression'?: boolean | undefined;
  mode?: string | undefined;
  memory?: string | undefined;
  'report-dir'?: string | undefined;
  file?: string | undefined;
  concurrency?: string | undefined;
  format?: string | undefined;
  tenant?: boolean | undefined;
  max?: string | undefined;
  help?: boolean | undefined;
}

/** What a command gets: the words after its name, the flags, a client and the output streams. */
export interface CommandContext {
  arguments: string[];
  flags: CliFlags;
  client: AgentLoomClient;
  output: CliOutput;
}

/** The same for `tenants`, which talks to the console with the instance operator key. */
export interface OperatorCommandContext extends Omit<CommandContext, 'client'> {
  client: AgentLoomOperatorClient;
}

/** A wrong invocation (exit code 2), as opposed to a failed API call (exit code 1). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function writeLine(stream: NodeJS.WritableStream, line = ''): void {
  stream.write(`${line}\n`);
}

/** With `--json` the command prints its result as JSON for scripts; otherwise `human` prints it. */
export function printResult(context: Pick<CommandContext, 'flags' | 'output'>, result: unknown, human: () => void): void {
  if (context.flags.json) writeLine(context.output.stdout, JSON.stringify(result, null, 2));
  else human();
}
