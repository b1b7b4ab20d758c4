/** A held stream slot; `release` is idempotent, so every way a stream can end may call it. */
export interface StreamSlot {
  release(): void;
}

/**
 * Concurrent long-lived streams per key, in this process. Streams are not requests: an SSE
 * connection that stays open for an hour costs one slot for that hour, not one token per second,
 * and opening it spends nothing from the key's request budget (the token bucket). What bounds a key
 * is how many it holds open at once. Counts drop to nothing when a key's last stream closes, so
 * memory follows the streams that are open.
 */
export class StreamSlots {
  private readonly open = new Map<string, number>();

  constructor(readonly perKey: number) {}

  /** A slot for `key`, or undefined when it already holds `perKey` open streams. */
  acquire(key: string): StreamSlot | undefined {
    const held = this.open.get(key) ?? 0;
    if (held >= this.perKey) return undefined;
    this.open.set(key, held + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const remaining = (this.open.get(key) ?? 1) - 1;
        if (remaining <= 0) this.open.delete(key);
        else this.open.set(key, remaining);
      },
    };
  }

  /** Keys with a count in memory: only those holding a stream open now. */
  get trackedKeys(): number {
    return this.open.size;
  }

  /** Streams `key` holds open now. */
  openCount(key: string): number {
    return this.open.get(key) ?? 0;
  }
}
