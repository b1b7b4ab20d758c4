/** Freezes a value and everything reachable from it, so a shared snapshot cannot be changed by a receiver. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) {
      deepFreeze((value as Record<string, unknown>)[key]);
    }
  }
  return value;
}

/** A deep-frozen JSON copy: drops functions and class identity, so receivers get data, never live objects. */
export function frozenJsonSnapshot<T>(value: T): T {
  return deepFreeze(jsonClone(value));
}

/** A JSON round-trip copy. `undefined` becomes `null` at the top level so callers always get data. */
export function jsonClone<T>(value: T): T {
  if (value === undefined) return null as T;
  return JSON.parse(JSON.stringify(value)) as T;
}
