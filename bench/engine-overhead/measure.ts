/** Mean wall time per run in milliseconds, after `warmup` unmeasured runs (`afterWarmup` runs between the two). */
export async function measure(run: () => Promise<unknown>, runs: number, warmup: number, afterWarmup?: () => void): Promise<number> {
  for (let index = 0; index < warmup; index += 1) await run();
  afterWarmup?.();
  const started = process.hrtime.bigint();
  for (let index = 0; index < runs; index += 1) await run();
  return Number(process.hrtime.bigint() - started) / 1e6 / runs;
}
