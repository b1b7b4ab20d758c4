import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

import type { Scorer } from '../evaluation.schema';
import { linearRegExpEngine, linearRegexProblem, tryCompileLinearRegex } from './linear-regex';

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

// `pattern` keywords run on RE2 too: JSON Schema's patterns are tenant-chosen regular expressions.
const ajv = new Ajv2020({ allErrors: true, strict: false, code: { regExp: linearRegExpEngine } });

/**
 * The longest output the regex and json-schema scorers read. RE2 is linear in the text, but the
 * scorers run synchronously in a run's final transaction, so the text is bounded as well (about
 * 25,000 tokens, beyond any model's single answer we replay); a longer output fails the scorer.
 */
export const maxScoredOutputLength = 100_000;

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
      return verdict(
        'exact',
        left === right,
        left === right ? 'output equals the expected output' : `output ${quote(left)} differs from the expected ${quote(right)}`,
      );
    }
    case 'contains': {
      const needle = scorer.text ?? expected;
      if (needle === null) return verdict('contains', false, 'no text to look for: neither a scorer text nor an expected output');
      const found = scorer.ignoreCase ? text.toLowerCase().includes(needle.toLowerCase()) : text.includes(needle);
      return verdict('contains', found, found ? `output contains ${quote(needle)}` : `output ${quote(text)} does not contain ${quote(needle)}`);
    }
    case 'regex': {
      if (text.length > maxScoredOutputLength) return tooLong('regex', text);
      // Experiments saved before patterns ran on RE2 may hold one it cannot run: a failed case, not a crash.
      const compiled = tryCompileLinearRegex(scorer.pattern, scorer.flags);
      if ('problem' in compiled) return verdict('regex', false, `pattern /${scorer.pattern}/${scorer.flags} cannot be run: ${compiled.problem}`);
      const matches = compiled.regex.test(text);
      return verdict(
        'regex',
        matches,
        matches ? `output matches /${scorer.pattern}/${scorer.flags}` : `output ${quote(text)} does not match /${scorer.pattern}/${scorer.flags}`,
      );
    }
    case 'json-schema': {
      if (text.length > maxScoredOutputLength) return tooLong('json-schema', text);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return verdict('json-schema', false, `output is not JSON: ${quote(text)}`);
      }
      let validate: ValidateFunction;
      try {
        validate = ajv.compile(scorer.schema);
      } catch (error) {
        // A schema saved before its patterns ran on RE2 may hold one RE2 cannot run.
        return verdict('json-schema', false, `the schema cannot be used: ${error instanceof Error ? error.message : String(error)}`);
      }
      const valid = validate(parsed);
      const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}`).join('; ');
      return verdict('json-schema', valid, valid ? 'output is JSON that satisfies the schema' : `output does not satisfy the schema: ${errors}`);
    }
  }
}

/** Refuses, at experiment creation, a scorer that could never run (bad pattern, bad schema). */
export function assertScorerUsable(scorer: Scorer): string | undefined {
  try {
    if (scorer.type === 'regex') return linearRegexProblem(scorer.pattern, scorer.flags);
    if (scorer.type === 'json-schema') ajv.compile(scorer.schema);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function verdict(scorer: string, passed: boolean, explanation: string): CaseScore {
  return { scorer, passed, value: passed ? 1 : 0, explanation };
}

function tooLong(scorer: string, text: string): CaseScore {
  return verdict(
    scorer,
    false,
    `output is ${text.length.toLocaleString('en-US')} characters, more than the ${maxScoredOutputLength.toLocaleString('en-US')} this scorer reads`,
  );
}

function quote(text: string): string {
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);
}
