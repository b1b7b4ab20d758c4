import type { Checkpoint } from '../checkpoint/checkpoint-schema';
import type { CheckpointStore } from '../contracts/stores';
import { jsonClone } from '../util/deep-freeze';

/** Reference CheckpointStore: copies in and out, so callers can never alias stored state. */
export class InMemoryCheckpointStore implements CheckpointStore {
  private readonly runs = new Map<string, Map<number, Checkpoint>>();

  save(checkpoint: Checkpoint): Promise<void> {
    const steps = this.runs.get(checkpoint.instanceId) ?? new Map<number, Checkpoint>();
    steps.set(checkpoint.step, jsonClone(checkpoint));
    this.runs.set(checkpoint.instanceId, steps);
    return Promise.resolve();
  }

  async latest(instanceId: string): Promise<Checkpoint | null> {
    const steps = await this.list(instanceId);
    const last = steps.at(-1);
    return last === undefined ? null : this.get(instanceId, last);
  }

  get(instanceId: string, step: number): Promise<Checkpoint | null> {
    const checkpoint = this.runs.get(instanceId)?.get(step);
    return Promise.resolve(checkpoint ? jsonClone(checkpoint) : null);
  }

  list(instanceId: string): Promise<number[]> {
    return Promise.resolve([...(this.runs.get(instanceId)?.keys() ?? [])].sort((left, right) => left - right));
  }
}
