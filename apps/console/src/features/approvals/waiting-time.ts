/**
 * How long a request has waited, short enough for a card: "waiting 42 s", "waiting 3 min",
 * "waiting 2 h 5 min", "waiting 3 d 4 h". Empty before the clock is known (server render).
 */
export function formatWaiting(sinceIso: string, now: number): string {
  if (now === 0) return '';
  const seconds = Math.max(0, Math.floor((now - Date.parse(sinceIso)) / 1_000));
  if (seconds < 60) return `waiting ${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `waiting ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `waiting ${hours} h${minutes % 60 === 0 ? '' : ` ${minutes % 60} min`}`;
  const days = Math.floor(hours / 24);
  return `waiting ${days} d${hours % 24 === 0 ? '' : ` ${hours % 24} h`}`;
}
