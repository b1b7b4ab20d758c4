import { DomainError } from '../errors/domain-error';
import type { ErasableRun } from './derived-runs';

/** Runs an executor may be working on; erasing them under it would fail its next commit. */
export const activeStatuses = ['queued', 'running'] as const;

/** What the caller asked to erase, named (with its input field) when an active run refuses the erase. */
export interface EraseSubject {
  field: 'runId' | 'threadId';
  id: string;
}

/** A replay run an erase takes with its evaluation case, and the experiment it replays the case for. */
export interface ErasableReplay extends ErasableRun {
  experimentId: string;
}

const isActive = (run: ErasableRun) => (activeStatuses as readonly string[]).includes(run.status);
const named = (runs: readonly ErasableRun[]) => runs.map((run) => `${run.id} (${run.status})`).join(', ');

/** An executor may be working on a queued or running run: erasing it under the executor would fail its next commit. */
export function refuseActive(runs: readonly ErasableRun[], target: string, field: EraseSubject['field']): void {
  const active = runs.filter(isActive);
  const [first] = active;
  if (!first) return;
  if (active.length === 1 && first.id === target) throw new DomainError('conflict', `Run ${target} is ${first.status}; cancel it before erasing`, field);
  const owner = field === 'runId' ? `Run ${target} and the runs made from it` : `Thread ${target} and the runs made from its runs`;
  throw new DomainError('conflict', `${owner} include queued or running runs: ${named(active)}; cancel them before erasing`, field);
}

/**
 * A replay run copies its case, so it goes with the case (ADR 0104); a queued or running one refuses
 * the erase as an active derived run does. Deleting it under its executor would fail the executor's
 * next commit, and its experiment would lose the case without a word and complete on the cases left.
 * The experiments are named: there is no cancel for an experiment, only for its replay runs.
 */
export function refuseActiveReplays(replays: readonly ErasableReplay[], subject: EraseSubject | undefined): void {
  const active = replays.filter(isActive);
  if (active.length === 0) return;
  const experiments = [...new Set(active.map((replay) => replay.experimentId))].join(', ');
  const owner = !subject ? 'the erased content' : subject.field === 'runId' ? `run ${subject.id}` : `thread ${subject.id}`;
  throw new DomainError(
    'conflict',
    `Experiment(s) ${experiments} still replay cases recorded from ${owner} (or from runs that read it), ` +
      `and their replay runs are queued or running: ${named(active)}; cancel those replay runs (or wait for the experiment to finish) before erasing`,
    subject?.field,
  );
}
