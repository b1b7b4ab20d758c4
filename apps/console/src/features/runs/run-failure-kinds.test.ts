import { describe, expect, it } from 'vitest';

import { explainedFailureKinds, explainFailure } from './run-failure-kinds';

describe('run failure explanations', () => {
  it('explains invalid-agent-config with a link to the agent settings', () => {
    expect(explainFailure('invalid-agent-config')).toMatchObject({ sentence: expect.stringContaining('cannot run') as unknown, fix: { target: 'agent-configuration' } });
  });

  it('gives every known kind a full sentence', () => {
    for (const kind of explainedFailureKinds) expect(explainFailure(kind).sentence).toMatch(/^[A-Z].*\.$/);
  });

  it('still names an unknown kind instead of showing nothing', () => {
    expect(explainFailure('brand-new-kind')).toMatchObject({ sentence: expect.stringContaining('brand-new-kind') as unknown, fix: { target: 'run-events' } });
  });
});
