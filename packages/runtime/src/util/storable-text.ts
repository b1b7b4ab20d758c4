/**
 * Text a host can store in Postgres. Two things a JavaScript string may hold cannot be stored there:
 * NUL (U+0000), refused by `text` and `jsonb` alike, and a lone UTF-16 surrogate, which fails a `jsonb`
 * write (JSON.stringify escapes it as `\ud800`). The platform refuses both at its API edge (ADR 0010,
 * `findUnstorableText`), but tool results and model replies arrive inside a run, where refusing
 * would fail a run whose call did return. The engine therefore replaces each with U+FFFD, the
 * character UTF-8 decoders use for what they cannot represent, before anything is stored or shown to
 * the model, so the model, the ledger, the transcript and the events all read the same text.
 * Replacing (rather than removing) keeps every string's length, and shows a reader where it happened.
 */
export const replacementCharacter = '\ufffd';

// Just what `String.prototype.toWellFormed` (ES2024; Node 20+) needs; the shared lib setting is ES2023.
type WellFormable = string & { toWellFormed(): string };

/** `text` with every NUL and every lone surrogate replaced by U+FFFD; the same string when there were none. */
export function storableText(text: string): string {
  return (text as WellFormable).toWellFormed().replaceAll('\u0000', replacementCharacter);
}

// One escape of JSON text at a time, left to right, so `\\u0000` (an escaped backslash, then the
// letters u0000) is read as the escaped backslash it starts with. An escaped surrogate pair is kept;
// an escaped NUL or an escaped surrogate without its other half is what `jsonb` refuses.
const jsonEscape = /\\\\|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u0000|\\u[dD][89a-fA-F][0-9a-fA-F]{2}/g;

/**
 * JSON text whose parsed strings (values and object keys) are all storable: raw NUL and lone
 * surrogates in the text, and their `\u` escapes, become U+FFFD (the character itself, as
 * JSON.stringify would write it). The same string when there were none.
 */
export function storableJsonText(json: string): string {
  return storableText(json).replace(jsonEscape, (escape) => (escape === '\\\\' || escape.length === 12 ? escape : replacementCharacter));
}

/**
 * `value` and its JSON text with every string storable. When its JSON holds unstorable text, the
 * value is the parse of the repaired JSON — what a `jsonb` column would give back (a Date becomes
 * its ISO string); otherwise it is `value` itself, untouched. Two keys that differ only in
 * unstorable characters become one key, the later one winning, as in any JSON object with a
 * repeated key. `json` is undefined when JSON.stringify gives nothing (undefined, a function).
 */
export function storableJson(value: unknown): { value: unknown; json: string | undefined } {
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined) return { value, json };
  const repaired = storableJsonText(json);
  return repaired === json ? { value, json } : { value: JSON.parse(repaired) as unknown, json: repaired };
}
