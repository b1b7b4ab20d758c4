import { describe, expect, it } from 'vitest';

import { UsageError } from '../cli-context.ts';
import { parseItems } from './batch-command.ts';

describe('batch submit items file', () => {
  it('reads one JSON string or {input} a line and skips blank lines', () => {
    expect(parseItems('"one"\n\n{"input": "two"}\n', 'items.jsonl')).toEqual(['one', { input: 'two' }]);
  });

  it('names the line that is not JSON, and refuses an empty file', () => {
    expect(() => parseItems('"one"\nnot json\n', 'items.jsonl')).toThrow(new UsageError('items.jsonl line 2 is not valid JSON'));
    expect(() => parseItems('\n\n', 'items.jsonl')).toThrow(UsageError);
  });
});
