import type { BasicToolContext } from '../../../contracts/tool';

/** A minimal handler context for adapter tests; `observations` records what the tool emitted. */
export function basicContext(
  overrides: Partial<BasicToolContext> = {},
): BasicToolContext & { observations: unknown[] } {
  const observations: unknown[] = [];
  return {
    instanceId: 'run-1',
    callId: 'call-1',
    idempotencyKey: 'run-1:call-1',
    workspacePath: undefined,
    signal: new AbortController().signal,
    emit: (observation) => observations.push(observation),
    observations,
    ...overrides,
  };
}
