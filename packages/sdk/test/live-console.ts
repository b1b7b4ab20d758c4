import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureConsoleBuild } from '../../../apps/console/test/support/console-build';
import { startConsole, type ConsoleProcess } from '../../../apps/console/test/support/console-process';
import { seedDataDirectory, type SeededDataDirectory } from '../../../apps/console/test/support/seed-data-directory';

export interface LiveConsole {
  baseUrl: string;
  seeded: SeededDataDirectory;
  stop(): Promise<void>;
}

/** The production console on a fresh, seeded embedded data directory (the console's own test support). */
export async function startLiveConsole(name: string): Promise<LiveConsole> {
  ensureConsoleBuild();
  const dataDirectory = mkdtempSync(path.join(tmpdir(), `agentloom-${name}-`));
  const seeded = await seedDataDirectory(dataDirectory);
  let server: ConsoleProcess;
  try {
    server = await startConsole({ dataDirectory });
  } catch (error) {
    rmSync(dataDirectory, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: server.baseUrl,
    seeded,
    stop: async () => {
      await server.stop();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}
