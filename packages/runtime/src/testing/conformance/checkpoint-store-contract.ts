import type { CheckpointStore } from '../../contracts/stores';
import type { ContractTestApi, StoreFactory } from './contract-test-api';
import { sampleCheckpoint } from './sample-checkpoint';

/** The behaviour every CheckpointStore (in-memory, Prisma on PGlite, Prisma on Postgres) must show. */
export function describeCheckpointStoreContract(factory: StoreFactory<CheckpointStore>, { describe, it, expect }: ContractTestApi): void {
  describe('CheckpointStore contract', () => {
    it('returns null and an empty list for an unknown run', async () => {
      const store = await factory();
      expect(await store.latest('missing')).toBeNull();
      expect(await store.get('missing', 1)).toBeNull();
      expect(await store.list('missing')).toEqual([]);
    });

    it('round-trips a checkpoint exactly', async () => {
      const store = await factory();
      const checkpoint = sampleCheckpoint('run-a', 1);
      await store.save(checkpoint);
      expect(await store.get('run-a', 1)).toEqual(checkpoint);
    });

    it('returns the highest step as latest, whatever the save order', async () => {
      const store = await factory();
      await store.save(sampleCheckpoint('run-a', 2));
      await store.save(sampleCheckpoint('run-a', 5));
      await store.save(sampleCheckpoint('run-a', 3));
      expect((await store.latest('run-a'))?.step).toBe(5);
      expect(await store.list('run-a')).toEqual([2, 3, 5]);
    });

    it('replaces a checkpoint saved again for the same step', async () => {
      const store = await factory();
      await store.save(sampleCheckpoint('run-a', 1));
      await store.save({ ...sampleCheckpoint('run-a', 1), status: 'awaiting-approval' });
      expect((await store.get('run-a', 1))?.status).toBe('awaiting-approval');
      expect(await store.list('run-a')).toEqual([1]);
    });

    it('keeps runs apart', async () => {
      const store = await factory();
      await store.save(sampleCheckpoint('run-a', 1));
      await store.save(sampleCheckpoint('run-b', 7));
      expect((await store.latest('run-a'))?.step).toBe(1);
      expect((await store.latest('run-b'))?.step).toBe(7);
    });

    it('does not let callers change stored checkpoints through returned or saved objects', async () => {
      const store = await factory();
      const checkpoint = sampleCheckpoint('run-a', 1);
      await store.save(checkpoint);
      checkpoint.counters.modelCalls = 999;
      const loaded = await store.get('run-a', 1);
      if (loaded) loaded.counters.iterations = 999;
      expect(await store.get('run-a', 1)).toEqual(sampleCheckpoint('run-a', 1));
    });
  });
}
