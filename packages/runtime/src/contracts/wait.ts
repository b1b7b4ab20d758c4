import type { JsonValue } from './json';

/** What a waiting tool asks the host for: a timer, or an external event with an optional timeout. */
export type WaitRequest =
  | { kind: 'timer'; afterMs: number }
  | { kind: 'timer'; at: string }
  | { kind: 'event'; correlationKey: string; timeoutMs?: number };

/**
 * The host's answer for one call's wait. `pending` parks the run; the other three are the wait's
 * end, read again (never recomputed) every time the call is re-executed after a resume.
 */
export type WaitState =
  | { status: 'pending'; wakeAt: string | null }
  | { status: 'elapsed'; wakeAt: string }
  | { status: 'delivered'; payload: JsonValue; deliveredAt: string }
  | { status: 'timed-out'; wakeAt: string };

/**
 * The host's durable wait store. `register` is idempotent per (run, call id): the first call records
 * the wait (the wake time computed by the host's clock, so every process agrees on it), later calls
 * return the recorded wait and its state. Throws `ValidationError` when the correlation key is
 * already waited for by another call of the tenant.
 */
export interface WaitPort {
  register(instanceId: string, callId: string, request: WaitRequest): Promise<WaitState>;
}

/** What a tool handler sees: the port bound to its run and call. */
export interface WaitAccess {
  /** Undefined when the host has no durable wait store (the tools are then not registered). */
  wait(request: WaitRequest): Promise<WaitState>;
}

/** A call parked on a wait, as the step reports it to the host. */
export interface WaitingCall {
  callId: string;
  toolName: string;
  kind: WaitRequest['kind'];
  wakeAt: string | null;
  correlationKey?: string;
}
