/** How a process's scheduler ticks. Every console and worker of a fleet may run one; they coordinate through Postgres. */
export interface SchedulerConfig {
  /** How often due schedules are looked for. Slots fire at most this late. */
  tickMs: number;
  /** A slot at most this old when a scheduler sees it is on time; older ones were missed (catch-up policy). */
  graceMs: number;
  /** Most schedules claimed per transaction; a tick loops until no due schedule is left. */
  batchSize: number;
  /** The clock slots are compared with; tests pass a fake one to drive many slots. */
  clock: () => Date;
}

export const defaultSchedulerConfig: SchedulerConfig = {
  tickMs: 1_000,
  graceMs: 60_000,
  batchSize: 20,
  clock: () => new Date(),
};
