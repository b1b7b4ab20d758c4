import { describe, expect, it } from 'vitest';

import { explainedFailureKinds, explainFailure } from './run-failure-kinds';

describe('run failure explanations', () => {
  it('explains invalid-agent-config with a link to the agent settings', () => {
    expect(explainFailure('invalid-agent-config')).toMatchObject({ sentence: expect.stringContaining('cannot run') as unknown, fix: { target: 'agent-configuration' } });
  });

  it('gives every known kind a full sentence', () => {
    for (const kind of explainedFailureKinds) expect(explainFailure(kind).sentence).toMatch(/^[A-Z].*\.$/);
  });

  it('explains every provider failure kind with what to fix', () => {
    const fixes = Object.fromEntries(
      ['provider-unreachable', 'provider-rate-limited', 'provider-auth', 'provider-bad-response', 'provider-error'].map((kind) => [kind, explainFailure(kind).fix?.target]),
    );
    expect(fixes).toEqual({
      'provider-unreachable': 'retry',
      'provider-rate-limited': 'retry',
      'provider-auth': 'agent-configuration',
      'provider-bad-response': 'agent-configuration',
      'provider-error': 'run-events',
    });
    expect(explainFailure('provider-bad-response').sentence).toContain('HTML page');
  });

  it('still names an unknown kind instead of showing nothing', () => {
    expect(explainFailure('brand-new-kind')).toMatchObject({ sentence: expect.stringContaining('brand-new-kind') as unknown, fix: { target: 'run-events' } });
  });
});
