import type { BasicToolContext, Tool, ToolResult, ToolSideEffects } from '../../contracts/tool';
import { ToolAdapterError } from './adapter-error';
import { fillArgvTemplate } from './argv-template';
import { runSubprocess, type SubprocessOutcome } from './run-subprocess';

/** A command line tool exposed to the model. */
export interface SubprocessToolConfig {
  name: string;
  description: string;
  /** Versioned, e.g. `subprocess/v1/git-log`. */
  implementationId: string;
  /** JSON Schema of the arguments; its properties fill the argv placeholders. */
  inputSchema: Record<string, unknown>;
  /** Executable path (or a name found on the child's PATH, if PATH is allowlisted). */
  command: string;
  /** Argv template, e.g. `['log', '-n', '{{count}}', '--', '{{path}}']`. */
  args: readonly string[];
  /** Working directory; defaults to the run's workspace, else the host's current directory. */
  cwd?: string;
  /** Host variables passed through by name; everything else is withheld from the child. */
  envAllowlist?: readonly string[];
  /** Fixed variables set for the child (after the allowlisted ones). */
  env?: Record<string, string>;
  /** Default 30 s. */
  timeoutMs?: number;
  /** Cap per stream (stdout, stderr); default 64 KiB. */
  maxOutputBytes?: number;
  /** Time between SIGTERM and SIGKILL; default 2 s. */
  killGraceMs?: number;
  /** Default `unsafe`: a command can do anything unless the configurer says otherwise. */
  sideEffects?: ToolSideEffects;
  /** Let argument values start with `-` (they could otherwise be read as options). */
  allowOptionLikeValues?: boolean;
}

function childEnvironment(config: SubprocessToolConfig): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const name of config.envAllowlist ?? []) {
    const value = process.env[name];
    if (value !== undefined) environment[name] = value;
  }
  return { ...environment, ...config.env };
}

function describeOutcome(outcome: SubprocessOutcome, timeoutMs: number): ToolResult {
  const failed = outcome.spawnError !== undefined || outcome.timedOut || outcome.exitCode !== 0;
  const summary = {
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    ...(outcome.timedOut ? { timedOut: true, timeoutMs } : {}),
    ...(outcome.spawnError === undefined ? {} : { spawnError: outcome.spawnError }),
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    ...(outcome.stdoutTruncated ? { stdoutTruncated: true } : {}),
    ...(outcome.stderrTruncated ? { stderrTruncated: true } : {}),
  };
  return { content: JSON.stringify(summary), data: summary, isError: failed };
}

/**
 * Builds a tool that runs one fixed executable with an argv template. The model only supplies
 * placeholder values; it can never choose the program, add a shell, or see unlisted variables.
 */
export function defineSubprocessTool(config: SubprocessToolConfig): Tool {
  const timeoutMs = config.timeoutMs ?? 30_000;
  return {
    name: config.name,
    description: config.description,
    implementationId: config.implementationId,
    inputSchema: config.inputSchema,
    sideEffects: config.sideEffects ?? 'unsafe',
    async execute(args: Record<string, unknown>, context: BasicToolContext): Promise<ToolResult> {
      let argv: string[];
      try {
        argv = fillArgvTemplate(config.args, args, { allowOptionLikeValues: config.allowOptionLikeValues });
      } catch (error) {
        if (error instanceof ToolAdapterError) return { content: error.message, isError: true };
        throw error;
      }
      const outcome = await runSubprocess({
        command: config.command,
        args: argv,
        cwd: config.cwd ?? context.workspacePath,
        env: childEnvironment(config),
        timeoutMs,
        maxOutputBytes: config.maxOutputBytes ?? 64 * 1024,
        killGraceMs: config.killGraceMs ?? 2_000,
        signal: context.signal,
      });
      return describeOutcome(outcome, timeoutMs);
    },
  };
}
