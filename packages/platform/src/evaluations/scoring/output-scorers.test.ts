import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { assertScorerUsable, maxScoredOutputLength, scoreOutput } from './output-scorers';

const regex = (pattern: string, flags = '') => ({ type: 'regex' as const, pattern, flags });
const jsonSchema = (schema: Record<string, unknown>) => ({ type: 'json-schema' as const, schema });

describe('regex and json-schema scorers on tenant-chosen patterns', () => {
  /**
   * `^(a+)+$` on 40 `a`s and a `b` backtracks for hours in JavaScript's RegExp, blocking the process
   * (the executor scores inside a run's final transaction). Run in a child process so a regression
   * fails this test instead of hanging the test runner.
   */
  it('scores a catastrophic-backtracking pattern in bounded time', () => {
    const module = fileURLToPath(new URL('./output-scorers.ts', import.meta.url));
    const script = `
      import { scoreOutput } from ${JSON.stringify(module)};
      const text = 'a'.repeat(40) + 'b';
      console.log(JSON.stringify([
        scoreOutput({ type: 'regex', pattern: '^(a+)+$', flags: '' }, text, null),
        scoreOutput({ type: 'json-schema', schema: { type: 'string', pattern: '^(a+)+$' } }, JSON.stringify(text), null),
      ]));`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      timeout: 60_000,
      killSignal: 'SIGKILL',
      encoding: 'utf8',
    });
    // Killed (SIGKILL) when it outlives the timeout.
    expect({ signal: child.signal, stderr: child.stderr.trim().slice(0, 300) }).toEqual({ signal: null, stderr: '' });
    const scores = JSON.parse(child.stdout) as { scorer: string; passed: boolean }[];
    expect(scores.map((score) => [score.scorer, score.passed])).toEqual([
      ['regex', false],
      ['json-schema', false],
    ]);
  }, 120_000);

  it('matches like RegExp.test for the syntax RE2 shares, with the i, m, s and u flags', () => {
    const passed = (pattern: string, flags: string, text: string) => scoreOutput(regex(pattern, flags), text, null).passed;
    expect(passed('^Order [A-Z]\\d+ refunded\\.$', '', 'Order A1 refunded.')).toBe(true);
    expect(passed('refund', 'i', 'REFUNDED')).toBe(true);
    expect(passed('^b$', 'm', 'a\nb\nc')).toBe(true);
    expect(passed('^b$', '', 'a\nb\nc')).toBe(false);
    expect(passed('a.b', 's', 'a\nb')).toBe(true);
    expect(passed('a.b', '', 'a\nb')).toBe(false);
    expect(passed('^(?<year>\\d{4})-\\d{2}$', 'u', '2026-01')).toBe(true);
    expect(passed('^.$', 'u', '😀')).toBe(true);
    expect(passed('caf\\x{e9}', '', 'café')).toBe(true);
  });

  it('refuses, when an experiment is created, patterns RE2 cannot run, with the reason', () => {
    for (const pattern of ['(a)\\1', '\\k<name>', 'a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b', 'a++', '(']) {
      expect(assertScorerUsable(regex(pattern)), pattern).toMatch(/RE2/);
    }
    expect(assertScorerUsable(regex('^(a+)+$', 'imsu'))).toBeUndefined();
    expect(assertScorerUsable(jsonSchema({ type: 'string', pattern: '(a)\\1' }))).toMatch(/\\1/);
    expect(assertScorerUsable(jsonSchema({ type: 'object', patternProperties: { '(?=x)': { type: 'string' } } }))).toMatch(/\(\?=/);
    expect(assertScorerUsable(jsonSchema({ type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+$' } } }))).toBeUndefined();
  });

  it('fails a case, with the reason, when a stored experiment holds a pattern RE2 cannot run', () => {
    expect(scoreOutput(regex('(a)\\1'), 'aa', null)).toEqual({
      scorer: 'regex',
      passed: false,
      value: 0,
      explanation: expect.stringMatching(/^pattern \/\(a\)\\1\/ cannot be run: .*RE2/) as unknown,
    });
    expect(scoreOutput(jsonSchema({ type: 'string', pattern: '(a)\\1' }), '"aa"', null)).toMatchObject({
      passed: false,
      explanation: expect.stringMatching(/^the schema cannot be used/) as unknown,
    });
  });

  it('applies JSON Schema patterns and pattern properties on RE2', () => {
    const schema = jsonSchema({
      type: 'object',
      properties: { id: { type: 'string', pattern: '^[A-Z]\\d+$' } },
      patternProperties: { '^x-': { type: 'number' } },
    });
    expect(scoreOutput(schema, '{"id":"A1","x-count":2}', null).passed).toBe(true);
    expect(scoreOutput(schema, '{"id":"a1"}', null).passed).toBe(false);
    expect(scoreOutput(schema, '{"id":"A1","x-count":"two"}', null).passed).toBe(false);
  });

  it('fails an output longer than the scorers read, instead of scanning it', () => {
    const long = 'a'.repeat(maxScoredOutputLength + 1);
    expect(scoreOutput(regex('a'), long, null)).toMatchObject({ passed: false, explanation: expect.stringContaining('100,000') as unknown });
    expect(scoreOutput(jsonSchema({ type: 'string' }), JSON.stringify(long), null)).toMatchObject({
      passed: false,
      explanation: expect.stringContaining('100,000') as unknown,
    });
    expect(scoreOutput(regex('a$'), 'a'.repeat(maxScoredOutputLength), null).passed).toBe(true);
  });
});
