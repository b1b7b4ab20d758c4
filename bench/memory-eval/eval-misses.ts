import type { EvalData } from './eval-data';
import type { EvalRow } from './evaluate';
import { recallAllAt, thresholdScore } from './session-recall';

/**
 * `--misses`: what a row got wrong, one line per question, so what the misses have in common can be
 * read rather than guessed: answerable questions whose answer sessions are not all in the first k
 * (with the sessions that came first instead), and never-discussed questions that were not abstained
 * (with the best hit's threshold score and session).
 */
export function missesReport(row: EvalRow, data: EvalData, options: { k: number; minScore: number }): string {
  const questions = new Map(data.questions.map((question) => [question.id, question]));
  const lines: string[] = [`misses of ${row.embedder} ${row.retrieval} at R@${options.k}, abstention at ${options.minScore}:`];
  for (const outcome of row.outcomes) {
    const text = questions.get(outcome.id)?.question ?? '?';
    if (outcome.answerSessionIds.length === 0) {
      const best = outcome.hits.reduce<{ score: number; sessionId?: string } | null>((top, hit) => {
        const score = thresholdScore(hit);
        return top === null || score > top.score ? { score, ...(hit.sessionId ? { sessionId: hit.sessionId } : {}) } : top;
      }, null);
      if (best !== null && best.score >= options.minScore) lines.push(`  [abstention] ${outcome.id} "${text}" — best ${best.score.toFixed(2)} in ${best.sessionId ?? '?'}`);
      continue;
    }
    if (recallAllAt(options.k, outcome.rankedSessionIds, outcome.answerSessionIds) === 1) continue;
    const missing = outcome.answerSessionIds.filter((session) => !outcome.rankedSessionIds.slice(0, options.k).includes(session));
    const rankOf = (session: string) => {
      const rank = outcome.rankedSessionIds.indexOf(session);
      return rank < 0 ? 'not returned' : `rank ${rank + 1}`;
    };
    lines.push(
      `  [${outcome.type}] ${outcome.id} "${text}" — missing ${missing.map((session) => `${session} (${rankOf(session)})`).join(', ')}; ` +
        `first: ${outcome.rankedSessionIds.slice(0, options.k).join(', ')}`,
    );
  }
  return lines.join('\n');
}
