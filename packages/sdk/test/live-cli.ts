import { afterAll, beforeAll } from 'vitest';

import { createClient, type AgentLoomClient } from '../src/index.ts';
import { startLiveConsole, type LiveConsole } from './live-console';
import { runAgentloom, type CliResult } from './run-cli-process';

/** A production console for one test file, the SDK client and the `agentloom` bin pointed at it. */
export interface LiveCli {
  readonly console: LiveConsole;
  readonly client: AgentLoomClient;
  /** AGENTLOOM_URL and AGENTLOOM_API_KEY of the seeded admin key: how the bin finds the console. */
  readonly environment: Record<string, string>;
  /** Runs `agentloom …argv` with that environment. */
  readonly cli: (...argv: string[]) => Promise<CliResult>;
}

/** Starts the console before the file's tests and stops it after them (registers the hooks). */
export function useLiveCli(name: string): LiveCli {
  let live: LiveConsole | undefined;
  let client: AgentLoomClient | undefined;
  let environment: Record<string, string> = {};
  beforeAll(async () => {
    live = await startLiveConsole(name);
    client = createClient({ baseUrl: live.baseUrl, apiKey: live.seeded.adminKey });
    environment = { AGENTLOOM_URL: live.baseUrl, AGENTLOOM_API_KEY: live.seeded.adminKey };
  }, 600_000);
  afterAll(async () => {
    await live?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The live console is not started yet: use it inside a test');
    return value;
  };
  return {
    get console() {
      return started(live);
    },
    get client() {
      return started(client);
    },
    get environment() {
      return environment;
    },
    cli: (...argv) => runAgentloom(argv, environment),
  };
}
