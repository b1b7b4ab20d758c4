/** Who recorded an entry, as the list says it: `console` is an operator's signed-in session. */
export function feedbackSourceLabel(source: string): string {
  if (source === 'console') return 'operator';
  if (source === 'api') return 'API';
  if (source === 'scorer') return 'scorer';
  return source;
}

/** A reward as typed (no rounding beyond what a person reads): 1, 0.75, -2. */
export function formatReward(reward: number | null): string {
  return reward === null ? '—' : String(Math.round(reward * 1e6) / 1e6);
}
