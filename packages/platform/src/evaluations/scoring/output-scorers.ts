import { Ajv2020 } from 'ajv/dist/2020.js';

import type { Scorer } from '../evaluation.schema';

/** One score of one case: a verdict (null for measurements), a value in 0…1 and why. */
export interface CaseScore {
  scorer: string;
  passed: boolean | null;
  value: number;
  explanation: string;
  /** Why the scorer could not score (the case fails): `budget-exceeded` when the judge's budget was spent (ADR 0058). */
  error?: 'budget-exceeded';
}

/** The scorers that judge the final output text alone. */
export type OutputScorer = Extract<Scorer, { type: 'exact' | 'contains' | 'regex' | 'json-schema' }>;

export function isOutputScorer(scorer: Scorer): scorer is OutputScorer {
  return scorer.type === 'exact' || scorer.type === 'contains' || scorer.type === 'regex' || scorer.type === 'json-schema';
}

const ajv = new Ajv2020({ allErrors: true, strict: false });

/**
 * Scores the replay's final output with one output scorer. `expected` is the case's expected output,
 * or the recorded run's output when the case sets none.
 */
export function scoreOutput(scorer: OutputScorer, output: string | null, expected: string | null): CaseScore {
  const text = output ?? '';
  switch (scorer.type) {
    case 'exact': {
      if (expected === null) return verdict('exact', false, 'the case has no expected or recorded output to compare with');
      const [left, right] = scorer.trim ? [text.trim(), expected.trim()] : [text, expected];
      return verdict('exact', left === right, left === right ? 'output equals the expected output' : `output ${quote(left)} differs from the expected ${quote(right)}`);
    }
    case 'contains': {
      const needle = scorer.text ?? expected;
      if (needle === null) return verdict('contains', false, 'no text to look for: neither a scorer text nor an expected output');
      const found = scorer.ignoreCase ? text.toLowerCase().includes(needle.toLowerCase()) : text.includes(needle);
      return verdict('contains', found, found ? `output contains ${quote(needle)}` : `output ${quote(text)} does not contain ${quote(needle)}`);
    }
    case 'regex': {
      const matches = new RegExp(scorer.pattern, scorer.flags).test(text);
      return verdict('regex', matches, matches ? `output matches /${scorer.pattern}/${scorer.flags}` : `output ${quote(text)} does not match /${scorer.pattern}/${scorer.flags}`);
    }
    case 'json-schema': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return verdict('json-schema', false, `output is not JSON: ${quote(text)}`);
      }
      const validate = ajv.compile(scorer.schema);
      const valid = validate(parsed);
      const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}`).join('; ');
      return verdict('json-schema', valid, valid ? 'output is JSON that satisfies the schema' : `output does not satisfy the schema: ${errors}`);
    }
  }
}

/** Refuses, at experiment creation, a scorer that could never run (bad pattern, bad schema). */
export function assertScorerUsable(scorer: Scorer): string | undefined {
  try {
    if (scorer.type === 'regex') new RegExp(scorer.pattern, scorer.flags);
    if (scorer.type === 'json-schema') ajv.compile(scorer.schema);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function verdict(scorer: string, passed: boolean, explanation: string): CaseScore {
  return { scorer, passed, value: passed ? 1 : 0, explanation };
}

function quote(text: string): string {
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);
}
