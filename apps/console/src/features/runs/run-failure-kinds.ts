/** Where a failed run's fix lives: the agent's settings, the run's own tabs, or a retry. */
export type FailureFix = { label: string; target: 'agent-configuration' | 'run-tool-calls' | 'run-events' | 'retry' };

export interface FailureExplanation {
  /** What happened, as a sentence an operator can act on. */
  sentence: string;
  fix: FailureFix | null;
}

const agentSettings = (label: string): FailureFix => ({ label, target: 'agent-configuration' });

/**
 * Every error kind a run can end with (engine, executor and ledger), explained once. A kind missing
 * here falls back to a sentence that still names it, so a new kind is never shown as nothing.
 */
const explanations: Record<string, FailureExplanation> = {
  'invalid-agent-config': {
    sentence: 'The agent version this run used cannot run: its config has no usable model or demo script, or a field the engine rejects.',
    fix: agentSettings('Fix the model in the agent settings'),
  },
  'model-configuration': { sentence: 'The model provider refused the request as misconfigured (wrong model name, key or base URL).', fix: agentSettings('Check the model settings') },
  // The three below are kinds of runs recorded before the provider kinds existed.
  // The three below are kinds of runs recorded before the provider kinds existed.
  'model-provider': { sentence: 'The model provider returned an error this run could not recover from.', fix: agentSettings('Check the model settings') },
  'model-unavailable': { sentence: 'The model provider was unreachable after every retry and fallback.', fix: { label: 'Retry the run', target: 'retry' } },
  'model-rate-limited': { sentence: 'The model provider kept rate-limiting this run beyond the retry budget.', fix: { label: 'Retry the run', target: 'retry' } },
  'provider-unreachable': {
    sentence: 'The model provider could not be reached (connection refused, name not found or timed out) on any attempt; check the base URL if it never worked, or retry once the provider is back.',
    fix: { label: 'Retry the run', target: 'retry' },
  },
  'provider-rate-limited': {
    sentence: 'The model provider kept answering HTTP 429 (rate limited) beyond the retry budget; the events show each wait, and a higher quota or fewer parallel runs avoids it.',
    fix: { label: 'Retry the run', target: 'retry' },
  },
  'provider-auth': {
    sentence: 'The model provider refused the API key (HTTP 401 or 403): it is wrong, expired, or has no access to this model.',
    fix: agentSettings('Update the API key in the agent settings'),
  },
  'provider-bad-response': {
    sentence: 'The model provider answered, but not with an API reply (an HTML page, an unreadable body or a stream cut off mid-reply); the base URL likely points at a website, a login page or a proxy.',
    fix: agentSettings('Check the base URL in the agent settings'),
  },
  'provider-error': {
    sentence: 'The model provider returned an error (HTTP 4xx or 5xx) on every attempt; the events show each retry with its status.',
    fix: { label: 'See the retries in the events', target: 'run-events' },
  },
  'model-call-failed': { sentence: 'A model call failed and the run could not continue.', fix: { label: 'See the events', target: 'run-events' } },
  'invalid-model-response': { sentence: 'The model answered with something the engine cannot use (for example a duplicate tool call id).', fix: { label: 'See the events', target: 'run-events' } },
  'limit-exceeded': { sentence: 'The run hit the agent’s model-call or iteration limit before finishing.', fix: agentSettings('Raise the limits in the agent settings') },
  'attempts-exhausted': { sentence: 'Every attempt of this run ended with its executor lost or failing; no attempts are left.', fix: { label: 'Retry the run', target: 'retry' } },
  'tool-state-persistence': { sentence: 'A tool call’s state could not be recorded in the ledger, so the run stopped rather than lose track of it.', fix: { label: 'See the tool calls', target: 'run-tool-calls' } },
  'tool-failed': { sentence: 'A tool call failed and the run could not continue.', fix: { label: 'See the tool calls', target: 'run-tool-calls' } },
  'outcome-unknown': { sentence: 'A tool with side effects may or may not have run; the ledger marks it unknown instead of guessing.', fix: { label: 'See the tool calls', target: 'run-tool-calls' } },
  abandoned: { sentence: 'A tool call was abandoned when its run stopped.', fix: { label: 'See the tool calls', target: 'run-tool-calls' } },
  aborted: { sentence: 'The run was cancelled; nothing further was started after the cancel.', fix: null },
  unexpected: { sentence: 'The engine hit an unexpected error (a bug); the message below says where.', fix: { label: 'See the events', target: 'run-events' } },
};

/** The explanation for `kind`, or a generic one that still names the kind. */
export function explainFailure(kind: string): FailureExplanation {
  return explanations[kind] ?? { sentence: `The run failed with “${kind}”.`, fix: { label: 'See the events', target: 'run-events' } };
}

/** Every kind the map explains, for tests. */
export const explainedFailureKinds: readonly string[] = Object.keys(explanations);
