import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import type { SystemKey } from './systems';
import type { FromWorkerMessage, ToWorkerMessage } from './worker-messages';

const tsxCli = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const workerScript = fileURLToPath(new URL('./worker-process.ts', import.meta.url));
/** BENCH_DISPATCH_PROFILE_DIR: each worker writes a V8 CPU profile there (node --cpu-prof), to see where a worker's time goes. */
const profileDirectory = process.env.BENCH_DISPATCH_PROFILE_DIR;
// With a profile the worker runs in this Node with tsx as a loader, so the profile is of the worker, not of tsx's launcher.
const workerArguments = profileDirectory ? ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`, '--import', 'tsx', workerScript] : [tsxCli, workerScript];

/** Worker processes of one system, each with its own connections, driven over IPC. */
export class WorkerPool {
  private constructor(private readonly children: ChildProcess[]) {}

  /** Spawns `count` workers with this process's Node (v24) and waits until each has connected. */
  static async spawn(system: SystemKey, url: string, count: number, concurrency: number): Promise<WorkerPool> {
    const children = Array.from({ length: count }, () =>
      spawn(process.execPath, [...workerArguments, system, url, String(concurrency)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
    const pool = new WorkerPool(children);
    await pool.expectFromAll('ready');
    return pool;
  }

  async start(): Promise<void> {
    await this.askAll({ type: 'start' }, 'started');
  }

  /** Every job start the workers recorded since the last report, as job id → wall-clock ms; throws on a job started twice. */
  async collectStarts(): Promise<Map<string, number>> {
    const reports = await this.askAll({ type: 'report' }, 'report');
    const starts = reports.flatMap((report) => (report.type === 'report' ? report.starts : []));
    const byJob = new Map(starts);
    // A job whose handler started twice was handed out twice: a broken queue, not a data point.
    if (byJob.size !== starts.length) throw new Error(`${starts.length - byJob.size} job(s) started more than once`);
    return byJob;
  }

  /** Stops every worker and waits for its exit (a CPU profile is written at exit, a kill would lose it). */
  async stop(): Promise<void> {
    const exited = this.children.map((child) => (child.exitCode === null ? new Promise<unknown>((resolve) => child.once('exit', resolve)) : Promise.resolve()));
    await this.askAll({ type: 'stop' }, 'stopped');
    await Promise.all(exited);
  }

  /** Last resort after a failure: no worker may outlive the bench. */
  kill(): void {
    for (const child of this.children) if (child.exitCode === null) child.kill('SIGKILL');
  }

  private askAll(message: ToWorkerMessage, answer: FromWorkerMessage['type']): Promise<FromWorkerMessage[]> {
    const answers = this.expectFromAll(answer);
    for (const child of this.children) child.send(message);
    return answers;
  }

  private expectFromAll(type: FromWorkerMessage['type']): Promise<FromWorkerMessage[]> {
    return Promise.all(this.children.map((child) => expect(child, type)));
  }
}

function expect(child: ChildProcess, type: FromWorkerMessage['type']): Promise<FromWorkerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromWorkerMessage) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`Worker ${child.pid} exited with ${code} while the bench waited for "${type}"`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}
