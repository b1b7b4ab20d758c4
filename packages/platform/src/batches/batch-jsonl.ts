import { batchItemSchema, batchLimits } from './batch.schema';

/** Where a JSONL upload is wrong: the 1-based line, the field on it, and why. */
export interface BatchLineError {
  line: number;
  field: string;
  message: string;
}

export type ParsedBatchLines = { ok: true; items: { input: string }[] } | { ok: false; error: BatchLineError };

/**
 * Reads a JSONL upload: each non-blank line is a JSON string or `{ "input": "…" }` (the shape
 * `export` writes, so an export's inputs can be submitted again). Stops at the first bad line.
 * Browser-safe (zod only): the console's form runs the very checks the server runs, so both
 * name the same line and field.
 */
export function parseBatchLines(text: string): ParsedBatchLines {
  const items: { input: string }[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = index + 1;
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, error: { line, field: 'json', message: 'not valid JSON (a line is a JSON string or {"input": "…"})' } };
    }
    const parsed = batchItemSchema.safeParse(exportedItemInput(value));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // An unknown key's name is in the issue, not its path.
      const keys = issue && 'keys' in issue && Array.isArray(issue.keys) ? issue.keys.join(', ') : '';
      const field = issue && issue.path.length > 0 ? issue.path.join('.') : keys || 'input';
      return { ok: false, error: { line, field, message: issue?.message ?? 'invalid item' } };
    }
    if (items.length === batchLimits.maxItems) {
      return { ok: false, error: { line, field: 'items', message: `a batch holds at most ${batchLimits.maxItems} items` } };
    }
    items.push(parsed.data);
  }
  if (items.length === 0) return { ok: false, error: { line: 1, field: 'items', message: 'no items (every line is empty)' } };
  return { ok: true, items };
}

/** The error as one sentence: `Line 3, input: input must not be empty`. */
export function describeBatchLineError(error: BatchLineError): string {
  return `Line ${error.line}, ${error.field}: ${error.message}`;
}

/**
 * An exported line (`BatchItem`: item, runId, status, input, output, …) submits its `input`: the
 * export is meant to be submitted again, and its other fields describe the old run, not the new item.
 * Only a line carrying `runId` as well is read that way, so a hand-written `{ "input": …, "inptu": … }`
 * is still refused naming the unknown key.
 */
function exportedItemInput(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('input' in value) || !('runId' in value)) return value;
  return { input: value.input };
}
