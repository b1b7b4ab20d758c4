import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import type { FanoutClient } from './bench-settings';
import type { FromSubscribersMessage, SubscriberRound, ToSubscribersMessage } from './subscriber-messages';

const tsxCli = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const subscriberScript = fileURLToPath(new URL('./subscriber-process.ts', import.meta.url));

/** The bench's SSE subscribers in their own process (subscriber-process.ts), driven over IPC. */
export class SubscriberFleet {
  private constructor(private readonly child: ChildProcess) {}

  /** Spawns the subscriber process with this process's Node and waits until it is listening for orders. */
  static async spawn(): Promise<SubscriberFleet> {
    const child = spawn(process.execPath, [tsxCli, subscriberScript], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const fleet = new SubscriberFleet(child);
    await fleet.expect('ready');
    return fleet;
  }

  /** Opens `count` streams; the HTTP status of each. */
  async open(url: string, headers: Record<string, string>, count: number, client: FanoutClient): Promise<number[]> {
    const answer = await this.ask({ type: 'open', url, headers, count, client }, 'opened');
    return answer.type === 'opened' ? answer.statuses : [];
  }

  /** Starts the round's clocks; resolves once they run, with the promise of the round's receipts. */
  async measure(): Promise<{ round: Promise<SubscriberRound> }> {
    const round = this.expect('round');
    await this.ask({ type: 'measure' }, 'measuring');
    return { round: round.then((answer) => (answer.type === 'round' ? answer.round : Promise.reject(new Error('no round')))) };
  }

  async closeAll(): Promise<void> {
    await this.ask({ type: 'close' }, 'closed');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.send({ type: 'stop' });
    await exited;
  }

  private ask(message: ToSubscribersMessage, answer: FromSubscribersMessage['type']): Promise<FromSubscribersMessage> {
    const answered = this.expect(answer);
    this.send(message);
    return answered;
  }

  private send(message: ToSubscribersMessage): void {
    this.child.send(message);
  }

  private expect(type: FromSubscribersMessage['type']): Promise<FromSubscribersMessage> {
    const child = this.child;
    return new Promise((resolve, reject) => {
      const onMessage = (message: FromSubscribersMessage) => {
        if (message.type === 'failed') {
          cleanup();
          reject(new Error(`The subscriber process failed: ${message.message}`));
        } else if (message.type === type) {
          cleanup();
          resolve(message);
        }
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`The subscriber process exited with ${code} while the bench waited for "${type}"`));
      };
      const cleanup = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
    });
  }
}
