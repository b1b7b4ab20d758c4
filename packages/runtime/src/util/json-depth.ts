/**
 * The deepest nesting of JSON objects and arrays AgentLoom accepts from a client or a model (ADR 0010).
 * V8's JSON.parse is iterative, but JSON.stringify, structuredClone, zod's `z.json()`, superjson and
 * every recursive walk overflow the call stack somewhere between a few thousand and ten thousand
 * levels, which a 10 KB body of brackets reaches. Real data (agent configs, tool arguments, metadata,
 * states) stays within a dozen levels; 64 leaves room for every envelope around it. The root object or
 * array is level 1; strings, numbers, booleans and null add no level.
 */
export const maximumJsonDepth = 64;

/** A container on the walk's stack; its path is rebuilt from the parent links only when needed. */
interface Visit {
  value: object;
  depth: number;
  key: string | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): string[] {
  const keys: string[] = [];
  for (let current: Visit | undefined = visit; current?.key !== undefined; current = current.parent) keys.push(current.key);
  return keys.reverse();
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

/**
 * The keys (object keys, array indexes) leading to the first object or array nested deeper than
 * `maximumDepth`, in document order, or undefined when there is none. Iterative and linear, so the
 * deepest value cannot overflow the stack it is checked to protect.
 */
export function findTooDeepJson(root: unknown, maximumDepth: number = maximumJsonDepth): string[] | undefined {
  if (!isContainer(root)) return undefined;
  const pending: Visit[] = [{ value: root, depth: 1, key: undefined, parent: undefined }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    if (visit.depth > maximumDepth) return pathOf(visit);
    const { value } = visit;
    const depth = visit.depth + 1;
    const push = (key: unknown, entry: unknown) => {
      if (isContainer(entry)) pending.push({ value: entry, depth, key: String(key), parent: visit });
    };
    // Children go onto the stack last first, so the first one in document order is the one reported.
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) push(index, value[index]);
    } else if (value instanceof Map || value instanceof Set) {
      const entries: [unknown, unknown][] = value instanceof Map ? [...value.entries()] : [...value].map((entry: unknown, index) => [index, entry]);
      for (let index = entries.length - 1; index >= 0; index -= 1) push(...entries[index]!);
    } else {
      const keys = Object.keys(value);
      for (let index = keys.length - 1; index >= 0; index -= 1) push(keys[index], (value as Record<string, unknown>)[keys[index]!]);
    }
  }
  return undefined;
}

/** A path from `findTooDeepJson` as dotted text for a message, shortened past 200 characters (keys can be long). */
export function jsonPathText(path: readonly string[]): string {
  const text = path.join('.');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * A JSON value cut to `maximumDepth + 1` levels: objects and arrays down to `maximumDepth` are copied
 * whole, those one level deeper are kept empty (so `findTooDeepJson` still finds the same path),
 * deeper ones are gone. What a host may store and show of a too-deep value that it must not refuse
 * outright (a model's tool call): nothing in it can overflow a recursive walk. Plain JSON only
 * (objects and arrays from JSON.parse); `value` itself is not changed.
 */
export function cutJsonDepth(value: unknown, maximumDepth: number = maximumJsonDepth): unknown {
  if (!isContainer(value)) return value;
  const emptyLike = (source: object): Record<string, unknown> | unknown[] => (Array.isArray(source) ? [] : {});
  const root = emptyLike(value);
  const pending: { source: object; target: Record<string, unknown> | unknown[]; depth: number }[] = [{ source: value, target: root, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { source, target, depth } = next;
    if (depth > maximumDepth) continue;
    for (const [key, entry] of Object.entries(source) as [string, unknown][]) {
      const copy = isContainer(entry) ? emptyLike(entry) : entry;
      // Defined, not assigned: a JSON key "__proto__" is an own property, not the prototype.
      Object.defineProperty(target, key, { value: copy, enumerable: true, writable: true, configurable: true });
      if (isContainer(entry)) pending.push({ source: entry, target: copy as Record<string, unknown> | unknown[], depth: depth + 1 });
    }
  }
  return root;
}
