import { randomUUID } from 'node:crypto';

import type { Database } from '@agentloom/db';
import { PrismaMemoryPort } from '@agentloom/platform';
import type { Embedder, MemorySearchQuery } from '@agentloom/runtime';

import type { RetrievalSetting } from './eval-configurations';
import type { EvalData } from './eval-data';
import { summarize, type EvalSummary, type QuestionOutcome } from './eval-summary';
import { ingestSessions } from './ingest-sessions';
import { rankedSessions, type ScoredHit } from './session-recall';

export interface EvalOptions {
  /** How many hits each search asks for; recall@10 needs enough items to reach ten sessions. */
  searchLimit: number;
  /** Abstention threshold (see eval-summary). */
  minScore: number;
}

/** One row of the comparison: an embedder with one retrieval setting. */
export interface EvalRow {
  embedder: string;
  retrieval: string;
  summary: EvalSummary;
  msPerQuery: number;
  ingestSeconds: number;
  outcomes: QuestionOutcome[];
}

/**
 * Runs every retrieval setting for one embedder: ingests the sessions once into a fresh tenant,
 * then asks every question through a PrismaMemoryPort built with the setting's options, passing the
 * question date as the search's reference time (`now`, read by ports that understand time).
 */
export async function evaluateEmbedder(
  database: Database,
  embedder: Embedder,
  settings: readonly RetrievalSetting[],
  data: EvalData,
  options: EvalOptions,
): Promise<EvalRow[]> {
  const tenant = await database.prisma.tenant.create({ data: { slug: `eval-${randomUUID()}`, name: 'memory eval' } });
  const scope = { tenantId: tenant.id, agentId: 'eval' };
  const ingestStarted = performance.now();
  const sessionOf = await ingestSessions(database, new PrismaMemoryPort(database, { embedder }), scope, data);
  const ingestSeconds = (performance.now() - ingestStarted) / 1000;
  const rows: EvalRow[] = [];
  for (const setting of settings) {
    const port = new PrismaMemoryPort(database, { ...setting.portOptions, embedder });
    const outcomes: QuestionOutcome[] = [];
    const started = performance.now();
    for (const question of data.questions) {
      const query: MemorySearchQuery & { now?: string } = {
        scope,
        text: question.question,
        limit: options.searchLimit,
        ...(question.question_date ? { now: referenceTime(question.question_date) } : {}),
      };
      const hits = await port.searchWith(query, setting.mode);
      outcomes.push({
        id: question.id,
        type: question.type,
        answerSessionIds: question.answer_session_ids,
        rankedSessionIds: rankedSessions(hits.map((hit) => sessionOf.get(hit.item.id) ?? 'unknown')),
        hits: hits.map((hit) => ({ ...scoreOf(hit), sessionId: sessionOf.get(hit.item.id) ?? 'unknown' })),
      });
    }
    const msPerQuery = (performance.now() - started) / Math.max(1, data.questions.length);
    rows.push({ embedder: embedder.id, retrieval: setting.label, summary: summarize(outcomes, options.minScore), msPerQuery, ingestSeconds, outcomes });
  }
  return rows;
}

/** A question asked on a date is asked at noon UTC that day, so "yesterday" and "last Tuesday" are unambiguous. */
export function referenceTime(questionDate: string): string {
  return `${questionDate}T12:00:00.000Z`;
}

/** What the report keeps of a hit: its score and, where the port tells them, the score's parts. */
function scoreOf(hit: ScoredHit): ScoredHit {
  return { score: hit.score, ...(hit.parts ? { parts: hit.parts } : {}) };
}
