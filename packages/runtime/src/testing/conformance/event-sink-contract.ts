import type { RuntimeEvent } from '../../contracts/events';
import type { EventSink } from '../../contracts/stores';
import type { ContractTestApi, StoreFactory } from './contract-test-api';

function event(instanceId: string, sequence: number): RuntimeEvent {
  return { type: 'step-started', instanceId, sequence, step: sequence, at: new Date(Date.UTC(2026, 0, 1, 0, 0, sequence)).toISOString(), data: { n: sequence } };
}

/** The behaviour every EventSink must show. */
export function describeEventSinkContract(factory: StoreFactory<EventSink>, { describe, it, expect }: ContractTestApi): void {
  describe('EventSink contract', () => {
    it('reads back appended events in sequence order', async () => {
      const sink = await factory();
      await sink.append([event('run-a', 1), event('run-a', 2)]);
      await sink.append([event('run-a', 3)]);
      expect((await sink.read('run-a')).map((stored) => stored.sequence)).toEqual([1, 2, 3]);
      expect(await sink.read('run-a')).toEqual([event('run-a', 1), event('run-a', 2), event('run-a', 3)]);
    });

    it('reads after a sequence number with a limit', async () => {
      const sink = await factory();
      await sink.append([1, 2, 3, 4, 5].map((sequence) => event('run-a', sequence)));
      expect((await sink.read('run-a', { afterSequence: 2, limit: 2 })).map((stored) => stored.sequence)).toEqual([3, 4]);
      expect(await sink.read('run-a', { afterSequence: 5 })).toEqual([]);
    });

    it('ignores events whose sequence is already stored (step replay)', async () => {
      const sink = await factory();
      await sink.append([event('run-a', 1), event('run-a', 2)]);
      await sink.append([event('run-a', 2), event('run-a', 3)]);
      expect((await sink.read('run-a')).map((stored) => stored.sequence)).toEqual([1, 2, 3]);
    });

    it('keeps runs apart', async () => {
      const sink = await factory();
      await sink.append([event('run-a', 1), event('run-b', 1)]);
      expect(await sink.read('run-a')).toHaveLength(1);
      expect(await sink.read('run-b')).toHaveLength(1);
      expect(await sink.read('run-c')).toEqual([]);
    });
  });
}
