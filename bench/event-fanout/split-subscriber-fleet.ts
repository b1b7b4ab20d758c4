import type { FanoutClient } from './bench-settings';
import { SubscriberFleet } from './subscriber-fleet';
import type { SubscriberRound } from './subscriber-messages';

/**
 * The bench's subscribers spread over `processes` subscriber processes (`BENCH_FANOUT_SUBSCRIBER_PROCESSES`,
 * default 1), each opening its share of the streams. With one process, its event loop reads all 500 streams
 * one after another, and the last stream's latency includes the client's own parsing of the 499 before it
 * (session 38: that loop was held 66–85 ms at a time): a cost of the bench's client, which 500 browsers do not
 * share. More processes read in parallel, as far as the cores allow; the table prints which was used.
 */
export class SplitSubscriberFleet {
  private constructor(private readonly fleets: SubscriberFleet[]) {}

  static async spawn(processes: number): Promise<SplitSubscriberFleet> {
    return new SplitSubscriberFleet(await Promise.all(Array.from({ length: Math.max(1, processes) }, () => SubscriberFleet.spawn())));
  }

  /** Opens `count` streams, shared out as evenly as it goes; the HTTP status of each. */
  async open(url: string, headers: Record<string, string>, count: number, client: FanoutClient): Promise<number[]> {
    const shares = this.fleets.map((_, index) => Math.floor(count / this.fleets.length) + (index < count % this.fleets.length ? 1 : 0));
    const statuses = await Promise.all(this.fleets.map((fleet, index) => fleet.open(url, headers, shares[index]!, client)));
    return statuses.flat();
  }

  /** Starts every process's clocks; the round merges their receipts (the worst loop delay, the summed CPU, the last end). */
  async measure(): Promise<{ round: Promise<SubscriberRound> }> {
    const rounds = await Promise.all(this.fleets.map((fleet) => fleet.measure()));
    const merged = Promise.all(rounds.map(({ round }) => round)).then(
      (parts): SubscriberRound => ({
        received: parts.flatMap((part) => part.received),
        loopDelayP99Ms: Math.max(...parts.map((part) => part.loopDelayP99Ms)),
        loopDelayMaxMs: Math.max(...parts.map((part) => part.loopDelayMaxMs)),
        cpuMs: parts.reduce((sum, part) => sum + part.cpuMs, 0),
        endedAtMicroseconds: Math.max(...parts.map((part) => part.endedAtMicroseconds)),
      }),
    );
    return { round: merged };
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.fleets.map((fleet) => fleet.closeAll()));
  }

  async stop(): Promise<void> {
    await Promise.all(this.fleets.map((fleet) => fleet.stop()));
  }
}
