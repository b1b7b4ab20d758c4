import { z } from 'zod';

import { earliestStorableDate, instantFormatSchema, latestStorableDate, toInstant } from './instant.schema';

const instantFormat = instantFormatSchema();
const rangeMessage = `must be between ${earliestStorableDate.toISOString()} and ${latestStorableDate.toISOString()}`;

/**
 * A date a service stores or compares in SQL: an instant (ISO 8601 with offset), a calendar day
 * (midnight UTC), or a `Date` (tRPC's superjson sends those, and services parse their input again),
 * within the years Postgres stores (JavaScript dates reach ±275,760 years). Numbers and other
 * strings `new Date` happens to read are refused. The output is a `Date`; the JSON Schema stays a
 * `date-time` string (the preprocess step is not part of it).
 */
export const storableDateSchema = z.preprocess(
  (value) => (typeof value === 'string' && instantFormat.safeParse(value).success ? toInstant(value) : value),
  z
    .date({
      error: (issue) =>
        issue.input instanceof Date ? 'must be a valid date' : 'must be an ISO 8601 instant with an offset (2026-01-31T09:00:00Z) or a day (2026-01-31)',
    })
    .min(earliestStorableDate, rangeMessage)
    .max(latestStorableDate, rangeMessage),
);
