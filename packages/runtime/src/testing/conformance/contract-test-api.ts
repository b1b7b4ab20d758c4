/** The subset of a test framework the conformance suites use; vitest's `{ describe, it, expect }` fits. */
export interface ContractTestApi {
  describe: (name: string, body: () => void) => void;
  it: (name: string, body: () => Promise<void>) => void;
  expect: (actual: unknown) => ContractExpectation;
}

export interface ContractExpectation {
  toEqual(expected: unknown): void;
  toBe(expected: unknown): void;
  toBeNull(): void;
  toBeGreaterThan(expected: number): void;
  toBeLessThan(expected: number): void;
  toBeLessThanOrEqual(expected: number): void;
  toBeCloseTo(expected: number, digits?: number): void;
  toBeDefined(): void;
  toHaveLength(expected: number): void;
}

/** A fresh, empty store per test so tests never see each other's data. */
export type StoreFactory<TStore> = () => TStore | Promise<TStore>;
