import { describe, expect, it } from 'vitest';

import { erasedCasesExitCode, evalExitCode, regressionExitCode } from './eval-command.ts';

describe('evalExitCode', () => {
  it('passes without --fail-on-regression whatever the verdict', () => {
    expect(evalExitCode({ regressions: 3, erasedCases: 2 }, false)).toBe(0);
  });

  it('fails on a regression, and on cases an erase took even with no regression among the rest', () => {
    expect(evalExitCode({ regressions: 0, erasedCases: 0 }, true)).toBe(0);
    expect(evalExitCode({ regressions: 1, erasedCases: 0 }, true)).toBe(regressionExitCode);
    expect(evalExitCode({ regressions: 1, erasedCases: 1 }, true)).toBe(regressionExitCode);
    expect(evalExitCode({ regressions: 0, erasedCases: 1 }, true)).toBe(erasedCasesExitCode);
  });
});
