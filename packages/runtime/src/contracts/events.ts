import type { JsonObject } from './json';

/** Noun-verb event names the platform persists per run. */
export type RuntimeEventType =
  | 'run-started'
  | 'step-started'
  | 'model-call-started'
  | 'model-call-finished'
  /** A model call failed and the gateway retries it: attempt, kind, status and the delay it waits. */
  | 'model-call-retry'
  | 'text-delta'
  | 'tool-call-proposed'
  | 'approval-requested'
  | 'approval-decided'
  | 'tool-call-started'
  | 'tool-call-finished'
  | 'tool-observation-emitted'
  | 'citation-recorded'
  | 'compaction-applied'
  | 'completion-reviewed'
  | 'routing-decided'
  | 'memory-injected'
  | 'skill-loaded'
  | 'checkpoint-saved'
  /** A tool call parked the run on a durable wait (timer or external event). */
  | 'wait-started'
  | 'run-finished'
  /** A sub-agent's run started or resumed inside a delegating call (its `run-started`, renamed). */
  | 'child-run-started'
  /** A sub-agent's run ended or paused for approval (its `run-finished`, renamed, or its pause). */
  | 'child-run-finished';

/** One run event. `data` is JSON; tool arguments and results appear only in events that are about them. */
export interface RuntimeEvent {
  type: RuntimeEventType;
  instanceId: string;
  /** Per-run sequence number, strictly increasing, continued across resume. */
  sequence: number;
  /** Loop step the event belongs to (0 before the first step). */
  step: number;
  /** ISO-8601 timestamp from the engine's clock. */
  at: string;
  data: JsonObject;
}
