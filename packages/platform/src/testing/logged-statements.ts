import type { RawSql } from '@agentloom/db';

export interface StatementControls {
  /** An error to fail the statement with, instead of sending it. */
  refuse?: (label: string) => Error | undefined;
  /** Something to wait for before sending the statement (`toolName`: the call's tool, for ledger statements); logged `released:<label>` after. */
  hold?: (label: string, toolName: string | undefined) => Promise<void> | undefined;
}

/** The driver, with every ledger statement and step commit it is asked for logged by what it is (`end:<callId>`…). */
export function loggedStatements(inner: RawSql, controls: StatementControls = {}): { runner: RawSql; log: string[] } {
  const log: string[] = [];
  const labelOf = (text: string, values: readonly unknown[]) => {
    const callId = () => (JSON.parse(String(values[0])) as { callId?: string }).callId;
    if (text.includes('agentloom_tool_call_starting')) return `start:${callId()}`;
    if (text.includes('agentloom_tool_call_finished')) return `end:${callId()}`;
    return text.includes('agentloom_commit_step') ? 'commit' : 'other';
  };
  const pass = async <T>(text: string, values: readonly unknown[], send: () => Promise<T>): Promise<T> => {
    const label = labelOf(text, values);
    log.push(label);
    const refusal = controls.refuse?.(label);
    if (refusal) throw refusal;
    const held = controls.hold?.(label, label.startsWith('start:') ? (JSON.parse(String(values[0])) as { name?: string }).name : undefined);
    if (held) {
      await held;
      log.push(`released:${label}`);
    }
    return send();
  };
  return {
    log,
    runner: {
      query: (text, ...values) => pass(text, values, () => inner.query(text, ...values)),
      execute: (text, ...values) => pass(text, values, () => inner.execute(text, ...values)),
      prepared: (statement, values) => pass(statement.text, values, () => inner.prepared!(statement, values)),
    },
  };
}
