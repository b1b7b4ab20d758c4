/**
 * Times each step of a run from inside the fake model: a step is the time from one model call to the
 * next (context preparation, compaction check, validation, tool call, events, checkpoint — everything
 * the engine does per turn). The model itself answers at once, so this is the engine's own cost.
 */
export class StepClock {
  private ticks: number[] = [];
  /** Per run: the duration of step k (ms) at index k - 1. */
  readonly runs: number[][] = [];

  tick(): void {
    this.ticks.push(performance.now());
  }

  /** Closes the current run's timeline (call after each run). */
  endRun(): void {
    const steps = this.ticks.slice(1).map((at, index) => at - this.ticks[index]!);
    if (steps.length > 0) this.runs.push(steps);
    this.ticks = [];
  }

  /** Forgets warm-up runs. */
  reset(): void {
    this.ticks = [];
    this.runs.length = 0;
  }

  /**
   * Microseconds per step around step `step`: the mean of the 10 steps ending there, per run, then
   * the median over runs (one slow GC pause in one run does not move it).
   */
  microsecondsAt(step: number): number {
    const perRun = this.runs
      .filter((steps) => steps.length >= step)
      .map((steps) => {
        const window = steps.slice(Math.max(0, step - 10), step);
        return (window.reduce((total, value) => total + value, 0) / window.length) * 1000;
      })
      .sort((left, right) => left - right);
    if (perRun.length === 0) throw new Error(`No run reached step ${step}`);
    return perRun[Math.floor(perRun.length / 2)]!;
  }
}
