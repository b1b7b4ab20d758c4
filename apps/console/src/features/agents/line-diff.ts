/** One row of a side-by-side diff: a line on the left, on the right, or both when unchanged. */
export interface DiffRow {
  kind: 'same' | 'removed' | 'added' | 'changed';
  left: { number: number; text: string } | null;
  right: { number: number; text: string } | null;
}

/**
 * Line diff by longest common subsequence (configs are a few hundred lines, so the O(n·m) table is
 * small), then paired up side by side: a removed run next to an added run becomes `changed` rows.
 */
export function diffLines(before: readonly string[], after: readonly string[]): DiffRow[] {
  const common = lcsTable(before, after);
  const operations: { kind: 'same' | 'removed' | 'added'; left?: number; right?: number }[] = [];
  let left = 0;
  let right = 0;
  while (left < before.length || right < after.length) {
    if (left < before.length && right < after.length && before[left] === after[right]) {
      operations.push({ kind: 'same', left: left++, right: right++ });
    } else if (right < after.length && (left === before.length || common[left]![right + 1]! >= common[left + 1]![right]!)) {
      operations.push({ kind: 'added', right: right++ });
    } else {
      operations.push({ kind: 'removed', left: left++ });
    }
  }
  return pairUp(operations, before, after);
}

function lcsTable(before: readonly string[], after: readonly string[]): number[][] {
  const table = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0));
  for (let left = before.length - 1; left >= 0; left--) {
    for (let right = after.length - 1; right >= 0; right--) {
      table[left]![right] = before[left] === after[right] ? table[left + 1]![right + 1]! + 1 : Math.max(table[left + 1]![right]!, table[left]![right + 1]!);
    }
  }
  return table;
}

function pairUp(
  operations: { kind: 'same' | 'removed' | 'added'; left?: number; right?: number }[],
  before: readonly string[],
  after: readonly string[],
): DiffRow[] {
  const rows: DiffRow[] = [];
  const line = (lines: readonly string[], index: number) => ({ number: index + 1, text: lines[index] ?? '' });
  let index = 0;
  while (index < operations.length) {
    const operation = operations[index]!;
    if (operation.kind === 'same') {
      rows.push({ kind: 'same', left: line(before, operation.left!), right: line(after, operation.right!) });
      index++;
      continue;
    }
    const removed: number[] = [];
    const added: number[] = [];
    while (index < operations.length && operations[index]!.kind !== 'same') {
      const change = operations[index++]!;
      if (change.kind === 'removed') removed.push(change.left!);
      else added.push(change.right!);
    }
    for (let pair = 0; pair < Math.max(removed.length, added.length); pair++) {
      const leftIndex = removed[pair];
      const rightIndex = added[pair];
      rows.push({
        kind: leftIndex !== undefined && rightIndex !== undefined ? 'changed' : leftIndex !== undefined ? 'removed' : 'added',
        left: leftIndex === undefined ? null : line(before, leftIndex),
        right: rightIndex === undefined ? null : line(after, rightIndex),
      });
    }
  }
  return rows;
}

/** Pretty JSON with sorted keys, so two configs line up key by key whatever order they were saved in. */
export function canonicalJsonLines(value: unknown): string[] {
  return JSON.stringify(sortKeys(value), null, 2).split('\n');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
        .map(([key, entry]) => [key, sortKeys(entry)]),
    );
  }
  return value;
}

/** A run of unchanged lines left out of the view. */
export interface FoldedRows {
  kind: 'fold';
  count: number;
}

/** Keeps `context` unchanged lines around each change and folds longer unchanged runs. */
export function foldUnchanged(rows: readonly DiffRow[], context = 3): (DiffRow | FoldedRows)[] {
  const near = rows.map(() => false);
  rows.forEach((row, index) => {
    if (row.kind === 'same') return;
    for (let offset = Math.max(0, index - context); offset <= Math.min(rows.length - 1, index + context); offset++) near[offset] = true;
  });
  const result: (DiffRow | FoldedRows)[] = [];
  let folded = 0;
  rows.forEach((row, index) => {
    if (near[index]) {
      if (folded > 0) result.push({ kind: 'fold', count: folded });
      folded = 0;
      result.push(row);
    } else {
      folded++;
    }
  });
  if (folded > 0) result.push({ kind: 'fold', count: folded });
  return result;
}
