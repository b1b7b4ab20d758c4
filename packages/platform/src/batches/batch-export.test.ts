import { describe, expect, it } from 'vitest';

import { exportLines } from './batch-export';
import type { BatchItem } from './batch-view';

const item = (input: string): BatchItem => ({
  item: 1,
  runId: 'run-1',
  status: 'succeeded',
  input,
  output: null,
  errorKind: null,
  errorMessage: null,
  attempts: 1,
});
const inputCell = (input: string) => exportLines([item(input)], 'csv', false).split(',')[3];

describe('the CSV export', () => {
  it.each([
    ['=SUM(A1)', `"'=SUM(A1)"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@cmd', `"'@cmd"`],
    ['\t=HYPERLINK("x")', `"'\t=HYPERLINK(""x"")"`],
    ['\r=1+1', `"'\r=1+1"`],
  ])('quotes a cell spreadsheets would read as a formula (%j) with a leading apostrophe', (input, cell) => {
    expect(exportLines([item(input)], 'csv', false)).toContain(`,${cell},`);
  });

  it('leaves ordinary text as it is', () => {
    expect(inputCell('plain text')).toBe('plain text');
    expect(inputCell('a = b')).toBe('a = b');
  });
});
