/**
 * A one-line progress bar for terminals (redrawn in place) and plain lines for logs: counts,
 * share, rate and the time left at the rate so far (once there is a rate to go by).
 */
export function renderProgress(label: string, done: number, total: number, elapsedMs?: number, width = 30): string {
  const share = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(share * width);
  const bar = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} (${Math.round(share * 100)}%)`;
  if (elapsedMs === undefined || done === 0 || elapsedMs <= 0) return bar;
  const perSecond = done / (elapsedMs / 1000);
  const remainingSeconds = done >= total ? 0 : (total - done) / perSecond;
  return `${bar} ${perSecond.toFixed(perSecond < 10 ? 1 : 0)} items/s, ETA ${formatDuration(remainingSeconds)}`;
}

/** `42s`, `3m 05s`, `1h 02m`: short enough for one terminal line. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole}s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes}m ${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}
