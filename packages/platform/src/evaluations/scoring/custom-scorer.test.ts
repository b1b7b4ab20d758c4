import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { defineScorer, runCustomScorer, type CustomScorerInput } from './custom-scorer';
import { loadScorerModules, ScorerModuleError } from './load-scorer-modules';

const input: CustomScorerInput = { input: 'q', output: 'an answer', expected: null, runStatus: 'succeeded', toolCalls: [], recordedToolCalls: [], memoryRead: [], labels: [], options: { maxCharacters: 5 } };

describe('custom scorers', () => {
  it('stores what the scorer returns, and turns a throw, a bad result or a timeout into a failed score that says so', async () => {
    const short = defineScorer({ name: 'short', description: 'At most maxCharacters.', score: (given) => ({ passed: (given.output ?? '').length <= Number(given.options.maxCharacters), value: 1, explanation: `${given.output?.length} characters` }) });
    await expect(runCustomScorer(short, input)).resolves.toEqual({ scorer: 'custom:short', passed: false, value: 1, explanation: '9 characters' });
    const throwing = defineScorer({ name: 'throws', description: '', score: () => { throw new Error('boom'); } });
    await expect(runCustomScorer(throwing, input)).resolves.toEqual({ scorer: 'custom:throws', passed: false, value: 0, explanation: 'the scorer failed: boom' });
    const invalid = defineScorer({ name: 'invalid', description: '', score: () => ({ passed: true, value: 3, explanation: 'x' }) });
    await expect(runCustomScorer(invalid, input)).resolves.toMatchObject({ passed: false, explanation: expect.stringContaining('value') as unknown });
    const slow = defineScorer({ name: 'slow', description: '', score: (_given, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve({ passed: true, value: 1, explanation: 'late' }))) });
    await expect(runCustomScorer(slow, input, 20)).resolves.toMatchObject({ passed: false, explanation: 'the scorer failed: timed out after 20 ms' });
  });

  it('gives the scorer a frozen copy: it cannot change what the next scorer sees', async () => {
    const mutating = defineScorer({ name: 'mutating', description: '', score: (given) => { (given as { output: string }).output = 'changed'; return { passed: true, value: 1, explanation: 'x' }; } });
    await expect(runCustomScorer(mutating, input)).resolves.toMatchObject({ passed: false });
    expect(input.output).toBe('an answer');
  });

  it('loads scorer modules like tool modules and names a bad module', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'scorers-'));
    await writeFile(join(directory, 'good.ts'), "export const scorers = [{ name: 'always', description: 'passes', score: () => ({ passed: true, value: 1, explanation: 'ok' }) }];\n");
    await writeFile(join(directory, 'bad.ts'), 'export const scorers = [{ name: 1 }];\n');
    const [always] = await loadScorerModules(['good.ts'], directory);
    expect(always?.name).toBe('always');
    await expect(loadScorerModules(['bad.ts'], directory)).rejects.toBeInstanceOf(ScorerModuleError);
    await expect(loadScorerModules(['good.ts', 'good.ts'], directory)).rejects.toThrow('defined twice');
  });
});
