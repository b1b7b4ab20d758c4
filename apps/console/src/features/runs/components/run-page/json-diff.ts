export interface JsonChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/**
 * Leaf-by-leaf differences between two JSON values, by dotted path. Arrays are compared by
 * position, which is what checkpoint state holds (plans, pending calls, counters).
 */
export function diffJson(before: unknown, after: unknown, path = ''): JsonChange[] {
  if (isContainer(before) && isContainer(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((key) => {
      const childPath = path ? `${path}.${key}` : key;
      const has = { before: key in before, after: key in after };
      if (!has.before) return [{ path: childPath, kind: 'added' as const, after: (after as Record<string, unknown>)[key] }];
      if (!has.after) return [{ path: childPath, kind: 'removed' as const, before: (before as Record<string, unknown>)[key] }];
      return diffJson((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], childPath);
    });
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path: path || '(root)', kind: 'changed', before, after }];
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}
