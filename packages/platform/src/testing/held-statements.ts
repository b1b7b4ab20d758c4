import type { PreparedStatement, RawSql } from '@agentloom/db';

/** One step of one statement's life through the wrapper: asked for, passed on to the driver, answered or failed. */
export interface StatementEntry {
  label: string;
  phase: 'issued' | 'sent' | 'answered' | 'failed';
}

/**
 * What must happen before a statement is passed on: a promise to wait for (one that rejects fails the
 * statement without sending it), or undefined to send it at once.
 */
export type StatementHold = (label: string) => Promise<void> | undefined;

/**
 * Names a statement by what it does, for the log: the ledger writes by call (`start:<callId>`,
 * `end:<callId>`), the ordinary step commit (`commit`), anything else by its first words.
 */
export function ledgerStatementLabel(text: string, values: readonly unknown[]): string {
  const callId = () => (JSON.parse(String(values[0])) as { callId?: string }).callId;
  if (text.includes('agentloom_tool_call_starting')) return `start:${callId()}`;
  if (text.includes('agentloom_tool_call_finished')) return `end:${callId()}`;
  if (text.includes('agentloom_commit_step')) return 'commit';
  return text.trim().split(/\s+/).slice(0, 3).join(' ');
}

/**
 * A driver runner that logs every statement and holds the ones `hold` says to: a slow network or a
 * busy pool, on demand, so a test can see which write waits for which.
 */
export function heldStatements(inner: RawSql, hold: StatementHold): { runner: RawSql; log: StatementEntry[] } {
  const log: StatementEntry[] = [];
  const pass = async <T>(text: string, values: readonly unknown[], send: () => Promise<T>): Promise<T> => {
    const label = ledgerStatementLabel(text, values);
    log.push({ label, phase: 'issued' });
    try {
      const wait = hold(label);
      if (wait) await wait;
      log.push({ label, phase: 'sent' });
      const answer = await send();
      log.push({ label, phase: 'answered' });
      return answer;
    } catch (error) {
      log.push({ label, phase: 'failed' });
      throw error;
    }
  };
  const runner: RawSql = {
    query: <Row>(text: string, ...values: unknown[]) => pass(text, values, () => inner.query<Row>(text, ...values)),
    execute: (text: string, ...values: unknown[]) => pass(text, values, () => inner.execute(text, ...values)),
    ...(inner.prepared
      ? { prepared: <Row>(statement: PreparedStatement, values: readonly unknown[]) => pass(statement.text, values, () => inner.prepared!<Row>(statement, values)) }
      : {}),
  };
  return { runner, log };
}

/** `count` turns of the event loop: whatever is ready to run (I/O callbacks included) gets its chance. */
export async function eventLoopTurns(count: number): Promise<void> {
  for (let turn = 0; turn < count; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Whether `label` was answered before the first time `before` was issued (or `before` never was). */
export function answeredBefore(log: readonly StatementEntry[], label: string, before: string): boolean {
  const answered = log.findIndex((entry) => entry.label === label && entry.phase === 'answered');
  const issued = log.findIndex((entry) => entry.label === before && entry.phase === 'issued');
  return answered !== -1 && (issued === -1 || answered < issued);
}
