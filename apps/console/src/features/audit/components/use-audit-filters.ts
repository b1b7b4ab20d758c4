'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { useQueryReplace } from '~/components/use-query-replace';
import { auditFilterParameters, parseAuditFilters, type AuditFilters } from '~/features/audit/audit-filters';

/** The audit log's filters, kept in the URL (`useQueryReplace`: a second pick merges with the first). */
export function useAuditFilters(): [AuditFilters, (next: Partial<AuditFilters>) => void] {
  const parameters = useSearchParams();
  const replaceQuery = useQueryReplace();
  const update = useCallback(
    (next: Partial<AuditFilters>) =>
      replaceQuery((current) => {
        const merged = { ...parseAuditFilters(current), ...next };
        const query = new URLSearchParams();
        for (const [key, parameter] of Object.entries(auditFilterParameters)) {
          const value = merged[key as keyof AuditFilters];
          if (value) query.set(parameter, value);
        }
        return query.toString();
      }),
    [replaceQuery],
  );
  return [parseAuditFilters(parameters), update];
}
