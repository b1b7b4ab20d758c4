'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { PendingApprovalsBadge } from '~/features/navigation/components/pending-approvals-badge';
import { isActiveSection, navigationItems } from '~/features/navigation/navigation-items';

export function ConsoleNavigation() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex-1">
      <ul className="space-y-1">
        {navigationItems.map((item) => {
          const active = isActiveSection(pathname, item.href);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={
                  active
                    ? 'flex items-center gap-3 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-700 dark:bg-brand-950 dark:text-brand-100'
                    : 'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100'
                }
              >
                {item.icon}
                {item.label}
                {item.href === '/approvals' ? <PendingApprovalsBadge /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
