/** Display formats shared by every page, so a duration reads the same everywhere. */

export function formatDuration(milliseconds: number | null): string {
  if (milliseconds === null || !Number.isFinite(milliseconds)) return '—';
  if (milliseconds < 1_000) return `${Math.max(0, Math.round(milliseconds))} ms`;
  const seconds = milliseconds / 1_000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${Math.round(seconds % 60)}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** Time between two ISO instants; an open end is measured to `now`. */
export function durationBetween(start: string | null, end: string | null, now: number): number | null {
  if (start === null || (end === null && now === 0)) return null;
  return (end === null ? now : Date.parse(end)) - Date.parse(start);
}

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** `now` 0 means not known yet (server render): nothing rather than a wrong answer. */
export function formatRelative(iso: string, now: number): string {
  if (now === 0) return '';
  const seconds = Math.round((Date.parse(iso) - now) / 1_000);
  const absolute = Math.abs(seconds);
  if (absolute < 45) return seconds <= 0 ? 'just now' : 'in a moment';
  if (absolute < 3_600) return relativeFormat.format(Math.round(seconds / 60), 'minute');
  if (absolute < 86_400) return relativeFormat.format(Math.round(seconds / 3_600), 'hour');
  return relativeFormat.format(Math.round(seconds / 86_400), 'day');
}

const integerFormat = new Intl.NumberFormat('en');

export function formatCount(value: number): string {
  return integerFormat.format(value);
}

export function formatCost(usd: number): string {
  if (usd === 0) return '$0';
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1_024) return `${bytes} B`;
  if (bytes < 1_048_576) return `${(bytes / 1_024).toFixed(1)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
