/** A one-line progress bar for terminals (redrawn in place) and plain lines for logs. */
export function renderProgress(label: string, done: number, total: number, width = 30): string {
  const share = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(share * width);
  return `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} (${Math.round(share * 100)}%)`;
}
