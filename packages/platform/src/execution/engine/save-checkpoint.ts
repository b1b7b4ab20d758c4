import { checkpointFormatVersion, serializeCheckpoint, type StepResult } from '@agentloom/runtime';
import { v7 as uuidv7 } from 'uuid';

import type { ClaimedRun } from '../run-claims';

/** The checkpoint part of a step's rows document (write-step-rows.ts). */
export interface CheckpointDocument {
  id: string;
  seq: number;
  stepIndex: number;
  formatVersion: number;
  state: unknown;
  moduleBindings: unknown;
  byteSize: number;
  retainedFor: 'latest' | 'approval';
  /** A failing step keeps the checkpoint before it (`before_failure`) out of the prune. */
  markPreviousBeforeFailure: boolean;
}

/**
 * Describes the step's checkpoint and its retention: keep the latest, every approval point, and
 * the one before a failure; the rest is pruned by the same statement that stores it (the prune
 * finds the one previous `latest` through the (run, seq) index), so storage stays flat however
 * long the run gets.
 */
export function checkpointDocument(run: ClaimedRun, result: StepResult): CheckpointDocument {
  const serialized = serializeCheckpoint(result.checkpoint);
  return {
    id: uuidv7(),
    seq: result.step,
    stepIndex: result.checkpoint.step,
    formatVersion: checkpointFormatVersion,
    state: JSON.parse(serialized) as unknown,
    moduleBindings: result.checkpoint.bindings,
    byteSize: Buffer.byteLength(serialized),
    retainedFor: result.next.type === 'approval-request' ? 'approval' : 'latest',
    markPreviousBeforeFailure: result.next.type === 'interrupted' && result.next.reason !== 'cancelled',
  };
}
