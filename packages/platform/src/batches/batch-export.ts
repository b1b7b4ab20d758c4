import type { BatchItem } from './batch-view';

export const batchExportFormats = ['jsonl', 'csv'] as const;
export type BatchExportFormat = (typeof batchExportFormats)[number];

const columns = ['item', 'runId', 'status', 'input', 'output', 'errorKind', 'errorMessage', 'attempts'] as const satisfies readonly (keyof BatchItem)[];

/** One line per item: JSONL (one object a line) or CSV (RFC 4180 quoting, header first). */
export function exportLines(items: readonly BatchItem[], format: BatchExportFormat, withHeader: boolean): string {
  if (format === 'jsonl') return items.map((item) => `${JSON.stringify(item)}\n`).join('');
  const lines = items.map((item) => columns.map((column) => csvField(item[column])).join(','));
  return `${withHeader ? `${columns.join(',')}\n` : ''}${lines.map((line) => `${line}\n`).join('')}`;
}

function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  // A leading = + - @ would be read as a formula by spreadsheets, and so may one after a leading tab or
  // carriage return (OWASP's CSV injection list): quote it with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}
