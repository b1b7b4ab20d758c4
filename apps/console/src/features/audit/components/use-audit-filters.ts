'use client';

import type { Route } from 'next';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { auditFilterParameters, parseAuditFilters, type AuditFilters } from '~/features/audit/audit-filters';

export function useAuditFilters(): [AuditFilters, (next: Partial<AuditFilters>) => void] {
  const parameters = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const update = useCallback(
    (next: Partial<AuditFilters>) => {
      const merged = { ...parseAuditFilters(parameters), ...next };
      const query = new URLSearchParams();
      for (const [key, parameter] of Object.entries(auditFilterParameters)) {
        const value = merged[key as keyof AuditFilters];
        if (value) query.set(parameter, value);
      }
      const search = query.toString();
      router.replace((search ? `${pathname}?${search}` : pathname) as Route, { scroll: false });
    },
    [parameters, pathname, router],
  );
  return [parseAuditFilters(parameters), update];
}
