import type { JsonObject } from './json';

/**
 * What every injectable module declares. The engine records `moduleId` and `checkpointConfig()`
 * on each checkpoint and refuses to resume when either differs.
 */
export interface RuntimeModule {
  /**
   * Non-empty, versioned id such as `character-compaction/v1`. Bump the version whenever the
   * algorithm changes incompatibly; never reuse an id for different behaviour.
   */
  readonly moduleId: string;
  /** Configuration that affects resume, as JSON. Omitted means `{}`; keep secrets out. */
  checkpointConfig?(): JsonObject;
  /** Releases resources. Called once by `engine.close()` in a fixed module order. */
  close?(): Promise<void>;
}
