import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import { repositoryRoot, testConsoleSecretKey } from '../../apps/console/test/support/console-process';

export interface WorkerProcesses {
  stop(): Promise<void>;
}

/**
 * `count` worker processes (`apps/worker`, `node --import tsx src/main.ts`, as the soak tests run
 * them) on the server database; resolves once each has logged "Worker ready".
 */
export async function startWorkers(databaseUrl: string, count: number, concurrency: number): Promise<WorkerProcesses> {
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const killLater = setTimeout(() => child.kill('SIGKILL'), 15_000);
            child.once('exit', () => {
              clearTimeout(killLater);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    await Promise.all(
      Array.from({ length: count }, (_, index) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
          cwd: path.join(repositoryRoot, 'apps/worker'),
          env: {
            ...process.env,
            DATABASE_URL: databaseUrl,
            AGENTLOOM_SECRET_KEY: testConsoleSecretKey,
            AGENTLOOM_WORKER_ID: `e2e-worker-${index + 1}`,
            AGENTLOOM_WORKER_CONCURRENCY: String(concurrency),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        children.push(child);
        return new Promise<void>((resolve, reject) => {
          let output = '';
          const collect = (chunk: Buffer) => {
            output += chunk.toString();
            if (output.includes('Worker ready')) resolve();
          };
          child.stdout?.on('data', collect);
          child.stderr?.on('data', collect);
          child.once('exit', (code) => reject(new Error(`Worker ${index + 1} exited (${code}) before it was ready:\n${output.slice(-2_000)}`)));
        });
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
