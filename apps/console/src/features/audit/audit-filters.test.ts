import { describe, expect, it } from 'vitest';

import { auditListInput, parseAuditFilters } from './audit-filters';

describe('audit filters', () => {
  it('reads filters from the URL, dropping malformed days and blanks', () => {
    const query = new URLSearchParams({ action: 'agent.create', actor: ' ', from: '2026-01-02', to: 'yesterday' });
    expect(parseAuditFilters(query)).toEqual({
      action: 'agent.create',
      actorId: undefined,
      targetType: undefined,
      targetId: undefined,
      fromDay: '2026-01-02',
      toDay: undefined,
    });
  });

  it('makes the last day inclusive by querying up to the start of the next day', () => {
    expect(
      auditListInput({ action: undefined, actorId: undefined, targetType: 'run', targetId: undefined, fromDay: '2026-01-31', toDay: '2026-01-31' }),
    ).toEqual({
      limit: 50,
      targetType: 'run',
      from: '2026-01-31',
      to: '2026-02-01',
    });
  });
});
