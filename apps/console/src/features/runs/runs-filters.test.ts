import { listRunsInputSchema } from '@agentloom/platform';
import { describe, expect, it } from 'vitest';

import { noRunsFilters, parseRunsFilters, runsFiltersQuery, runsListInput } from './runs-filters';

const agentId = '0190f5c4-0000-7000-8000-000000000001';
const threadId = '0190f5c4-0000-7000-8000-000000000002';

describe('runs filters', () => {
  it('reads every filter from the URL and writes the same query back', () => {
    const query = new URLSearchParams({ status: 'running', agent: agentId, thread: threadId, within: '24h', q: ' invoice 50% ' });
    const filters = parseRunsFilters(query);
    expect(filters).toEqual({ status: 'running', agentId, threadId, within: '24h', from: undefined, to: undefined, search: 'invoice 50%' });
    expect(parseRunsFilters(new URLSearchParams(runsFiltersQuery(filters)))).toEqual(filters);
  });

  it('drops malformed values, and a preset when a custom range is present', () => {
    const query = new URLSearchParams({ status: 'sleeping', agent: 'nope', within: '1h', from: '2026-01-02T10:00', to: 'tomorrow', q: '   ' });
    expect(parseRunsFilters(query)).toEqual({ ...noRunsFilters, from: '2026-01-02T10:00' });
    expect(parseRunsFilters(new URLSearchParams({ within: '2h' }))).toEqual(noRunsFilters);
    expect(runsFiltersQuery(noRunsFilters)).toBe('');
  });

  it('builds input the service accepts, with the range as UTC instants', () => {
    const input = runsListInput({ ...noRunsFilters, threadId, from: '2026-01-02T10:00', to: '2026-01-02T12:30', search: 'quokka' });
    expect(input).toEqual({ limit: 25, threadId, from: '2026-01-02T10:00:00Z', to: '2026-01-02T12:30:00Z', search: 'quokka' });
    expect(listRunsInputSchema.safeParse(input).success).toBe(true);
    expect(listRunsInputSchema.safeParse(runsListInput({ ...noRunsFilters, within: '7d' })).success).toBe(true);
  });
});
