import { rawSqlFor, type PrismaExecutor } from '@agentloom/db';

/** One row that matched, with the text it matched in (cut to `textLimit` characters around nothing: the start). */
export interface RunSearchRow {
  source: 'message' | 'tool-call' | 'event';
  id: string;
  step_index: number | null;
  /** Message index, event seq; null for tool calls (ordered by id). */
  position: number | null;
  label: string;
  text: string;
}

/**
 * Bounded ILIKE scans of one run's rows: every arm starts from the run (`run_id` leads an index on
 * each table) and stops at `limit + 1` matches in run order, so a 10,000-step run answers in tens of
 * milliseconds and a tenant's other runs are never read. pg_trgm would index the text but is not
 * in embedded PGlite; see ADR 0027. Each matched field is returned, cut to `textLimit` characters,
 * for the excerpt.
 */
export async function selectRunSearchRows(
  database: PrismaExecutor,
  input: { tenantId: string; runId: string; pattern: string; sources: readonly string[]; limit: number; textLimit: number },
): Promise<RunSearchRow[]> {
  const arms: string[] = [];
  // $1 tenant, $2 run, $3 pattern, $4 limit, $5 text limit
  if (input.sources.includes('message')) {
    arms.push(`(SELECT 'message' AS source, m.id::text AS id, s.index AS step_index, m.index AS position,
        m.role::text || COALESCE(' · ' || m.tool_name, '') AS label, left(m.content, $5::int) AS text
      FROM messages m LEFT JOIN steps s ON s.id = m.step_id
      WHERE m.run_id = $2::uuid AND m.tenant_id = $1::uuid AND m.content ILIKE $3
      ORDER BY m.index LIMIT $4::int)`);
  }
  if (input.sources.includes('tool-call')) {
    arms.push(`(SELECT 'tool-call' AS source, t.id::text AS id, s.index AS step_index, NULL::int AS position,
        t.name || ' · ' || t.status::text AS label,
        left(CASE
          WHEN t.name ILIKE $3 THEN t.name
          WHEN COALESCE(t.error_message, '') ILIKE $3 THEN t.error_message
          WHEN t.arguments::text ILIKE $3 THEN t.arguments::text
          ELSE COALESCE(t.result::text, '') END, $5::int) AS text
      FROM tool_calls t LEFT JOIN steps s ON s.id = t.step_id
      WHERE t.run_id = $2::uuid AND t.tenant_id = $1::uuid
        AND (t.name ILIKE $3 OR COALESCE(t.error_message, '') ILIKE $3 OR t.arguments::text ILIKE $3 OR COALESCE(t.result::text, '') ILIKE $3)
      ORDER BY t.id LIMIT $4::int)`);
  }
  if (input.sources.includes('event')) {
    arms.push(`(SELECT 'event' AS source, e.seq::text AS id,
        CASE WHEN jsonb_typeof(e.payload -> 'step') = 'number' THEN (e.payload ->> 'step')::int END AS step_index,
        e.seq AS position, e.type AS label, left(e.type || ' ' || e.payload::text, $5::int) AS text
      FROM run_events e
      WHERE e.run_id = $2::uuid AND e.tenant_id = $1::uuid AND (e.type ILIKE $3 OR e.payload::text ILIKE $3)
      ORDER BY e.seq LIMIT $4::int)`);
  }
  if (arms.length === 0) return [];
  return rawSqlFor(database).query<RunSearchRow>(arms.join('\nUNION ALL\n'), input.tenantId, input.runId, input.pattern, input.limit + 1, input.textLimit);
}

/** `%`, `_` and the escape character itself match literally (backslash is LIKE's default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
