import type { CodeOptions } from 'ajv/dist/2020.js';
import { RE2JS } from 're2js';

/**
 * Tenant-chosen patterns (a `regex` scorer, a `pattern` in a `json-schema` scorer) run in the
 * executor, inside a replay run's last transaction, and in the console. JavaScript's backtracking
 * RegExp can take hours on a 40-character text (`^(a+)+$`), freezing every run of that process, so
 * they run on RE2 (re2js, a pure-JavaScript port of RE2/J): time linear in the text, whatever the
 * pattern. RE2 has no backreferences or lookaround; such patterns are refused when they are saved.
 * Patterns are read as written (RE2 syntax, which is JavaScript's for everything else a scorer
 * needs): re2js's JavaScript translation would, for one, turn the backreference `\k<name>` into the
 * literal `k<name>` and match something else silently.
 */

/** What each flag the regex scorer accepts (`i`, `m`, `s`, `u`) means to RE2; RE2 always reads code points, so `u` adds nothing. */
const flagBits: Readonly<Record<string, number>> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL, u: 0 };

/** A compiled pattern: `test` finds a match anywhere in the text, like `RegExp.prototype.test`. */
export interface LinearRegex {
  test(text: string): boolean;
}

/** Compiles `pattern` with RE2; throws (with RE2's reason) when RE2 cannot, or on a flag outside `imsu`. */
export function compileLinearRegex(pattern: string, flags = ''): LinearRegex {
  let bits = 0;
  for (const flag of flags) {
    const bit = flagBits[flag];
    if (bit === undefined) throw new Error(`unsupported regex flag "${flag}" (i, m, s and u are)`);
    bits |= bit;
  }
  const compiled = RE2JS.compile(pattern, bits);
  return { test: (text) => compiled.test(text) };
}

/** The compiled pattern, or why RE2 cannot run it (with a hint at what RE2 leaves out). */
export function tryCompileLinearRegex(pattern: string, flags = ''): { regex: LinearRegex } | { problem: string } {
  try {
    return { regex: compileLinearRegex(pattern, flags) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { problem: `${reason} (patterns run on RE2: no backreferences or lookaround; write \\x{00e9}, not \\u00e9)` };
  }
}

/** Why RE2 cannot run `pattern`, or undefined when it can. */
export function linearRegexProblem(pattern: string, flags = ''): string | undefined {
  const compiled = tryCompileLinearRegex(pattern, flags);
  return 'problem' in compiled ? compiled.problem : undefined;
}

/**
 * Ajv's `code.regExp` engine on RE2, for the `pattern` and `patternProperties` keywords of a
 * tenant's JSON Schema. Ajv compiles each pattern when it compiles the schema, so a pattern RE2
 * cannot run fails the schema's compilation. `code` only names it in standalone code, which we do
 * not generate.
 */
export const linearRegExpEngine: NonNullable<CodeOptions['regExp']> = Object.assign(
  (pattern: string) => {
    const compiled = tryCompileLinearRegex(pattern);
    if ('problem' in compiled) throw new Error(`pattern ${JSON.stringify(pattern)}: ${compiled.problem}`);
    // Ajv keys its compiled patterns by `toString()`.
    return { test: (text: string) => compiled.regex.test(text), toString: () => `/${pattern}/` };
  },
  { code: 'compileLinearRegex' },
);
