/** One side's step as compared: its position, kind and the tools it called, in call order. */
export interface ComparedStep {
  index: number;
  kind: string;
  status: string;
  toolNames: string[];
  inputTokens: number;
  outputTokens: number;
}

/** One side's tool call as compared. */
export interface ComparedToolCall {
  name: string;
  status: string;
  /** Arguments as the tool received them (the approver's edit when there was one). */
  arguments: unknown;
}

/** A row of two aligned sequences; a side is null where that run has no counterpart. */
export interface AlignedPair<Item> {
  left: Item | null;
  right: Item | null;
  /** Both sides present and equal in what the comparison looks at. */
  same: boolean;
}

/**
 * Aligns two sequences by longest common subsequence of their keys, so one extra step or call on
 * one side shows as a single gap instead of shifting every later row into a mismatch. Unmatched
 * items on both sides between two matches are paired up row by row (a changed item, not a gap).
 * Quadratic: callers cap each side (see `maximumComparedItems`).
 */
export function alignSequences<Item>(left: readonly Item[], right: readonly Item[], key: (item: Item) => string): AlignedPair<Item>[] {
  const leftKeys = left.map(key);
  const rightKeys = right.map(key);
  // lengths[i][j]: LCS length of left[i..] and right[j..].
  const lengths = Array.from({ length: left.length + 1 }, () => new Array<number>(right.length + 1).fill(0));
  for (let i = left.length - 1; i >= 0; i -= 1) {
    for (let j = right.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] = leftKeys[i] === rightKeys[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const rows: AlignedPair<Item>[] = [];
  const pendingLeft: Item[] = [];
  const pendingRight: Item[] = [];
  const flush = () => {
    const count = Math.max(pendingLeft.length, pendingRight.length);
    for (let index = 0; index < count; index += 1) rows.push({ left: pendingLeft[index] ?? null, right: pendingRight[index] ?? null, same: false });
    pendingLeft.length = 0;
    pendingRight.length = 0;
  };
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i < left.length && j < right.length && leftKeys[i] === rightKeys[j]) {
      flush();
      rows.push({ left: left[i]!, right: right[j]!, same: true });
      i += 1;
      j += 1;
    } else if (j >= right.length || (i < left.length && lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
      pendingLeft.push(left[i]!);
      i += 1;
    } else {
      pendingRight.push(right[j]!);
      j += 1;
    }
  }
  flush();
  return rows;
}

/** What makes two steps "the same step": kind and the tools called, in order. */
export const stepKey = (step: ComparedStep): string => `${step.kind}:${step.toolNames.join(',')}`;

/** What makes two tool calls "the same call": name and arguments. */
export const toolCallKey = (call: ComparedToolCall): string => `${call.name}:${JSON.stringify(call.arguments)}`;

/** Each side is compared on at most this many steps and tool calls (the alignment is quadratic). */
export const maximumComparedItems = 500;
