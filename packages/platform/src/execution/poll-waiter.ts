/**
 * The pause of a claim loop (runs, webhook deliveries): until the poll interval passes, or at once
 * when woken — new work was announced (NOTIFY), or a slot came free. A wake that arrives while the
 * loop is busy claiming is remembered, so the next pause ends at once when there is room.
 */
export class PollWaiter {
  private wakeWaiting: (() => void) | undefined;
  private pending = false;

  constructor(private readonly pollMs: number) {}

  wake(): void {
    this.pending = true;
    this.wakeWaiting?.();
  }

  /** Before a claim: the wakes so far are answered by it. */
  claiming(): void {
    this.pending = false;
  }

  /** Waits for the next wake or poll; returns at once when a wake is pending and there is room. */
  wait(hasRoom: boolean): Promise<void> {
    if (this.pending && hasRoom) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(finish, this.pollMs);
      function finish() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeWaiting = () => {
        this.wakeWaiting = undefined;
        finish();
      };
    });
  }
}
