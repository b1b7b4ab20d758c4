import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { workerEnvironmentVariables } from './env';

/** The README's "Environment" section: the operator's reference for every variable the worker reads. */
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const environmentSection = readme.slice(readme.indexOf('## Environment'), readme.indexOf('\n## ', readme.indexOf('## Environment') + 1));

describe('worker README', () => {
  it('documents every variable env.ts reads, in its Environment section', () => {
    expect(workerEnvironmentVariables.length).toBeGreaterThan(20);
    expect(workerEnvironmentVariables.filter((variable) => !environmentSection.includes(`\`${variable}\``))).toEqual([]);
  });
});
