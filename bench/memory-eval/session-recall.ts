/** Sessions in the order their first item appears in a ranked hit list. */
export function rankedSessions(hitSessionIds: readonly string[]): string[] {
  return [...new Set(hitSessionIds)];
}

/** recall_any@k: 1 when any answer session is among the first k ranked sessions. */
export function recallAt(k: number, ranked: readonly string[], answers: readonly string[]): number {
  return ranked.slice(0, k).some((session) => answers.includes(session)) ? 1 : 0;
}
