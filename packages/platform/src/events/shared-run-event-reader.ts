import type { StatementRunner } from '@agentloom/db';

import type { StoredRunEvent } from './run-event';
import { readRunEvents } from './run-event-reader';

/**
 * Reads a run's events, sharing one query among concurrent identical reads. When a commit wakes
 * every subscriber of a run, they all ask for "events after seq N" at once; without sharing, 500
 * subscribers meant 500 identical queries per commit (bench/event-fanout). Results are never
 * cached past the in-flight query, so nobody can read a stale page.
 */
export class SharedRunEventReader {
  private readonly inFlight = new Map<string, Promise<StoredRunEvent[]>>();

  constructor(private readonly statements: StatementRunner) {}

  read(runId: string, afterSeq: number, limit: number): Promise<StoredRunEvent[]> {
    const key = `${runId}:${afterSeq}:${limit}`;
    const existing = this.inFlight.get(key);
    if (existing) return existing;
    const query = readRunEvents(this.statements, runId, afterSeq, limit).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, query);
    return query;
  }
}

/** The hub's read function over one shared reader. */
export function sharedRunEventReads(statements: StatementRunner): (runId: string, afterSeq: number, limit: number) => Promise<StoredRunEvent[]> {
  const reader = new SharedRunEventReader(statements);
  return (runId, afterSeq, limit) => reader.read(runId, afterSeq, limit);
}
