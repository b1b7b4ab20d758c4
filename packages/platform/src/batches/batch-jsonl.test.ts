import { describe, expect, it } from 'vitest';

import { exportLines } from './batch-export';
import { describeBatchLineError, parseBatchLines } from './batch-jsonl';

describe('parseBatchLines', () => {
  it('reads strings and {"input"} objects, skipping blank lines', () => {
    expect(parseBatchLines('"first"\n\n{"input":"second"}\r\n  \n')).toEqual({ ok: true, items: [{ input: 'first' }, { input: 'second' }] });
  });

  it('names the line and field of the first bad line', () => {
    expect(parseBatchLines('"ok"\n{"input": ""}\nnot json')).toEqual({ ok: false, error: { line: 2, field: 'input', message: 'input must not be empty' } });
    expect(parseBatchLines('"ok"\n\nnot json')).toMatchObject({ ok: false, error: { line: 3, field: 'json' } });
    expect(parseBatchLines('{"input":"a","extra":1}')).toMatchObject({ ok: false, error: { line: 1, field: 'extra' } });
    expect(parseBatchLines('{"text":"a"}')).toMatchObject({ ok: false, error: { line: 1 } });
    expect(parseBatchLines('42')).toMatchObject({ ok: false, error: { line: 1 } });
    expect(parseBatchLines('\n  \n')).toMatchObject({ ok: false, error: { field: 'items' } });
  });

  it('submits the inputs of an export again (its other fields describe the old runs)', () => {
    const exported = exportLines(
      [
        { item: 0, runId: 'run-a', status: 'succeeded', input: 'first', output: 'done', errorKind: null, errorMessage: null, attempts: 1 },
        { item: 1, runId: 'run-b', status: 'failed', input: 'second\nline', output: null, errorKind: 'model', errorMessage: 'boom', attempts: 2 },
      ],
      'jsonl',
      false,
    );
    expect(parseBatchLines(exported)).toEqual({ ok: true, items: [{ input: 'first' }, { input: 'second\nline' }] });
  });

  it('refuses more than 10,000 items at the first line past the limit', () => {
    const text = Array.from({ length: 10_001 }, (_, index) => JSON.stringify(`item ${index}`)).join('\n');
    expect(parseBatchLines(text)).toMatchObject({ ok: false, error: { line: 10_001, field: 'items' } });
  });

  it('describes an error as one sentence', () => {
    expect(describeBatchLineError({ line: 4, field: 'input', message: 'input must not be empty' })).toBe('Line 4, input: input must not be empty');
  });
});
