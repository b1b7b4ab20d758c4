/**
 * When the executor's claim loop claims next (ADR 0066). A claim is *requested* when work may be
 * waiting — a run was queued (NOTIFY), a held run settled and freed a slot, recovery re-queued runs,
 * a claim came back full, or the poll interval passed without a claim — and the loop starts one as
 * soon as a slot is free and fewer than the allowed claims are in flight. Starting a claim takes the
 * request: that claim answers every request made before it began (a NOTIFY is sent at commit, so a
 * claim that starts after it sees the run). A request made while a claim is in flight stays, so a
 * run queued during a claim that missed it is claimed right after.
 *
 * The poll is one timer, re-armed whenever a claim starts (`refresh`, no new timer per claim): it
 * fires only after `pollMs` without a claim, the fallback for a lost notification.
 */
export class ClaimSchedule {
  private requested = true;
  private resume: (() => void) | undefined;
  private readonly pollTimer: NodeJS.Timeout;

  constructor(pollMs: number) {
    this.pollTimer = setTimeout(() => this.request(), pollMs);
    this.pollTimer.unref();
  }

  /** Work may be waiting: claim as soon as there is room. */
  request(): void {
    this.requested = true;
    this.nudge();
  }

  /** Something changed that may let a requested claim start (a claim landed, the executor is stopping); requests nothing. */
  nudge(): void {
    const resume = this.resume;
    this.resume = undefined;
    resume?.();
  }

  /** True when a claim was requested; the claim about to start answers it, and the poll interval starts again. */
  take(): boolean {
    if (!this.requested) return false;
    this.requested = false;
    this.pollTimer.refresh();
    return true;
  }

  /** Resolves at the next request or nudge. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.resume = resolve;
    });
  }

  stop(): void {
    clearTimeout(this.pollTimer);
    this.nudge();
  }
}
