import { findTooDeepJson, jsonPathText, maximumJsonDepth } from '@agentloom/runtime';

import { DomainError } from '../errors/domain-error';

/** Where a string Postgres cannot store, or nesting too deep to handle, was found, and what is wrong with it. */
export interface UnstorableText {
  /**
   * Object keys and array indexes from the root to the string (a key is reported as its own path),
   * or to the first object or array nested too deep.
   */
  path: string[];
  problem: string;
  /** Set when the problem is nesting deeper than the walk's limit rather than a string. */
  tooDeep?: true;
}

const nulProblem = 'text must not contain NUL (U+0000) characters';
const surrogateProblem = 'text must be well-formed Unicode (a lone UTF-16 surrogate such as \\ud800 cannot be stored)';

// Code units, not code points (no `u` flag): a high surrogate without a low one after it, or a low
// one without a high one before it.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why Postgres cannot store `text`, or undefined when it can. NUL is refused by `text` and `jsonb`
 * alike; a lone surrogate fails a `jsonb` write with 22P02 (JSON.stringify escapes it as `\ud800`)
 * and would be silently replaced by U+FFFD in a `text` column. Everything else UTF-8 can hold is fine.
 */
export function unstorableTextProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return nulProblem;
  return loneSurrogate.test(text) ? surrogateProblem : undefined;
}

const tooDeepProblem = (maximumDepth: number) => `objects and arrays must not be nested more than ${maximumDepth} levels deep`;

/** A value on the walk's stack; its path is rebuilt from the parent links only when needed. */
interface Visit {
  value: unknown;
  /** Objects and arrays from the root down to this value, itself included when it is one (the root object is level 1). */
  depth: number;
  key: string | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit, rootPath: readonly string[], lastKey?: string): string[] {
  const keys: string[] = lastKey === undefined ? [] : [lastKey];
  for (let current: Visit | undefined = visit; current?.key !== undefined; current = current.parent) keys.push(current.key);
  return [...rootPath, ...keys.reverse()];
}

/**
 * The first problem, in document order, in a parsed JSON value (or a superjson-decoded one: Maps and
 * Sets are walked too): a string Postgres cannot store, in values and object keys, or an object or
 * array nested deeper than `maximumDepth` (`maximumJsonDepth`, 64, unless given; ADR 0010), which
 * schemas such as `z.json()` and every recursive walk after the edge would overflow the stack on.
 * Iterative and linear, so a deeply nested body can neither overflow the stack nor take quadratic time.
 */
export function findUnstorableText(root: unknown, rootPath: readonly string[] = [], maximumDepth: number = maximumJsonDepth): UnstorableText | undefined {
  const pending: Visit[] = [{ value: root, depth: 1, key: undefined, parent: undefined }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      const problem = unstorableTextProblem(value);
      if (problem !== undefined) return { path: pathOf(visit, rootPath), problem };
      continue;
    }
    if (typeof value !== 'object' || value === null || value instanceof Date) continue;
    if (visit.depth > maximumDepth) return { path: pathOf(visit, rootPath), problem: tooDeepProblem(maximumDepth), tooDeep: true };
    const children: Visit[] = [];
    const depth = visit.depth + 1;
    if (Array.isArray(value) || value instanceof Set) {
      [...value].forEach((entry: unknown, index) => children.push({ value: entry, depth, key: String(index), parent: visit }));
    } else {
      const entries: [unknown, unknown][] = value instanceof Map ? [...value.entries()] : Object.entries(value);
      for (const [key, entry] of entries) {
        if (typeof key === 'string') {
          const problem = unstorableTextProblem(key);
          if (problem !== undefined) return { path: pathOf(visit, rootPath, key), problem };
        } else {
          children.push({ value: key, depth, key: String(key), parent: visit });
        }
        children.push({ value: entry, depth, key: String(key), parent: visit });
      }
    }
    // Reversed onto the stack so the first field in document order is the one reported.
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]!);
  }
  return undefined;
}

/**
 * Refuses a value holding text Postgres cannot store with a `validation` error naming the field
 * (`fallbackField` when the offending string is the value itself, e.g. a whole body that is a string).
 * Nesting deeper than `maximumJsonDepth` is refused as a problem of the whole value: the field is
 * `rootPath` (`input`) or `fallbackField` (`body`), and the message says where it first went too deep.
 */
export function assertStorableText(value: unknown, rootPath: readonly string[] = [], fallbackField?: string): void {
  const found = findUnstorableText(value, rootPath);
  if (found === undefined) return;
  if (found.tooDeep) throw tooDeepError(found.path, rootPath, fallbackField);
  const field = found.path.length > 0 ? found.path.join('.') : fallbackField;
  throw new DomainError('validation', `${field ? `${field}: ` : ''}${found.problem}`, field);
}

/**
 * Refuses only nesting deeper than `maximumJsonDepth`, as `assertStorableText` does, for a value that
 * is not yet what the caller will see (tRPC's superjson envelope, walked before superjson's
 * recursive decoding); its strings are checked once it is decoded.
 */
export function assertJsonDepth(value: unknown, rootPath: readonly string[] = [], fallbackField?: string): void {
  const path = findTooDeepJson(value);
  if (path !== undefined) throw tooDeepError([...rootPath, ...path], rootPath, fallbackField);
}

/**
 * The same refusal for a service input before its schema walks it, naming the top-level key the
 * nesting is under (the field a schema issue there would name).
 */
export function assertInputDepth(input: unknown): void {
  const path = findTooDeepJson(input);
  if (path !== undefined) throw tooDeepError(path, path.slice(0, 1), undefined);
}

function tooDeepError(path: readonly string[], rootPath: readonly string[], fallbackField: string | undefined): DomainError {
  const field = rootPath.length > 0 ? rootPath.join('.') : fallbackField;
  return new DomainError('validation', `${field ? `${field}: ` : ''}${tooDeepProblem(maximumJsonDepth)} (first at ${jsonPathText(path)})`, field);
}
