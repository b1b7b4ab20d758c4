import { preparedStatementText } from '@agentloom/db';

import { runEventNotifiesSql, runEventWritesCtes } from './run-event-writes-sql';

export { uuidV7Sql } from './run-event-writes-sql';

/**
 * The parameters every append statement binds first; a caller's own parameters start at `$6`.
 * $1 run id, $2 number of events, $3 created_at (ISO), $4 events `[{type, payload}]`,
 * $5 webhook bodies `[{offset, type, body}]` (offset = index of the causing event).
 */
export const firstExtraParameter = 6;

/**
 * One statement that appends events to a run's log: it bumps `runs.next_event_seq` (row-locking
 * the run, so concurrent appenders serialize and sequences stay gap-free), then writes the events,
 * their webhook deliveries and NOTIFYs as every event writer does (`run-event-writes-sql.ts`).
 *
 * `runUpdate` lets a transition ride on the same row update: extra `SET` assignments and an extra
 * `WHERE` condition (a lease fence). When the condition fails nothing at all is written and the
 * statement returns no row. Returns `first` (the first allocated seq) and `id`. Build it once, at module
 * level: the text is named as a prepared statement (ADR 0086).
 */
export function appendRunEventsSql(runUpdate: { set?: string; where?: string; returning?: string } = {}): string {
  return preparedStatementText(`WITH bumped AS (
       UPDATE runs AS run SET next_event_seq = run.next_event_seq + $2::int${runUpdate.set ? `, ${runUpdate.set}` : ''}
        WHERE run.id = $1::uuid${runUpdate.where ? ` AND (${runUpdate.where})` : ''}
    RETURNING run.id, run.tenant_id, run.next_event_seq - $2::int AS first${runUpdate.returning ? `, ${runUpdate.returning}` : ''}
     ), ${runEventWritesCtes({ from: 'bumped', events: '$4::jsonb', hooks: '$5::jsonb', createdAt: '$3::timestamptz' })}
     SELECT bumped.*,
            ${runEventNotifiesSql('bumped', 'bumped.first + $2::int - 1')}
       FROM bumped`);
}
