import { createHash } from 'node:crypto';

import { stringify } from 'yaml';

/**
 * The Helm/Sprig functions the chart uses, with Helm's semantics (a piped value arrives as the last
 * argument). A function not listed here is an error at render time, so the chart cannot start
 * depending on a function this renderer does not implement.
 */
export type TemplateFunction = (...values: unknown[]) => unknown;

/** Go's truthiness: false, 0, nil and empty strings, lists and maps are false. */
export function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** How Go prints a scalar in template output; maps and lists must go through toYaml. */
export function printScalar(value: unknown, where: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatGoFloat(value);
  if (typeof value === 'boolean') return String(value);
  if (value === undefined || value === null) throw new Error(`${where} renders <no value> (a missing value)`);
  throw new Error(`${where} prints a map or list; pipe it through toYaml`);
}

/**
 * Helm reads numbers in values files as float64 and Go prints those with %v (shortest %g): an
 * exponent from 6 up switches to e-notation, so 1000000 renders `1e+06` under Helm, and here too.
 */
export function formatGoFloat(value: number): string {
  if (value === 0 || !Number.isFinite(value)) return String(value);
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 6) return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  return String(value);
}

function printAny(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return printScalar(value, 'print');
}

function indentLines(spaces: unknown, text: unknown): string {
  const padding = ' '.repeat(Number(spaces));
  return printAny(text)
    .split('\n')
    .map((line) => padding + line)
    .join('\n');
}

function toYaml(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  // Helm's toYaml has no trailing newline and never wraps long strings.
  return stringify(value, { lineWidth: 0 }).replace(/\n$/, '');
}

function printf(format: unknown, ...values: unknown[]): string {
  let index = 0;
  return String(format).replace(/%([sdvq%])/g, (_match, verb: string) => {
    if (verb === '%') return '%';
    const value = values[index];
    index += 1;
    if (verb === 'd') return String(Math.trunc(Number(value)));
    if (verb === 'q') return JSON.stringify(printAny(value));
    return printAny(value);
  });
}

function firstIndexOr(values: unknown[], predicate: (value: unknown) => boolean): number {
  const index = values.findIndex(predicate);
  return index === -1 ? values.length - 1 : index;
}

export const templateFunctions: Record<string, TemplateFunction> = {
  quote: (...values) => values.map((value) => JSON.stringify(printAny(value))).join(' '),
  toYaml,
  nindent: (spaces, text) => `\n${indentLines(spaces, text)}`,
  indent: indentLines,
  default: (fallback, value) => (isTruthy(value) ? value : fallback),
  required: (message, value) => {
    if (value === undefined || value === null || value === '') throw new Error(String(message));
    return value;
  },
  printf,
  print: (...values) => values.map(printAny).join(''),
  trunc: (length, text) => printAny(text).slice(0, Number(length)),
  trimSuffix: (suffix, text) => {
    const value = printAny(text);
    const ending = printAny(suffix);
    return ending !== '' && value.endsWith(ending) ? value.slice(0, -ending.length) : value;
  },
  eq: (first, ...others) => others.some((other) => other === first),
  ne: (first, second) => first !== second,
  not: (value) => !isTruthy(value),
  // Go's and/or return the first argument that decides the result, else the last one.
  and: (...values) => values[firstIndexOr(values, (value) => !isTruthy(value))],
  or: (...values) => values[firstIndexOr(values, isTruthy)],
  empty: (value) => !isTruthy(value),
  toString: (value: unknown) => printAny(value),
  int: (value) => Math.trunc(Number(value)),
  sha256sum: (text) => createHash('sha256').update(printAny(text)).digest('hex'),
  b64enc: (text) => Buffer.from(printAny(text)).toString('base64'),
  hasKey: (map, key) => typeof map === 'object' && map !== null && Object.hasOwn(map, String(key)),
  list: (...values) => values,
  index: (collection, ...keys) =>
    keys.reduce<unknown>((value, key) => {
      if (typeof value !== 'object' || value === null) throw new Error(`index of a ${value === null ? 'nil' : typeof value} value`);
      return (value as Record<string, unknown>)[String(key)];
    }, collection),
  dict: (...pairs) => {
    const result: Record<string, unknown> = {};
    for (let index = 0; index + 1 < pairs.length; index += 2) result[String(pairs[index])] = pairs[index + 1];
    return result;
  },
};
