import Link from 'next/link';
import type { ReactNode } from 'react';
import { HealthIcon, KeyIcon } from '~/components/icons';

function SettingsLinkCard({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-950 dark:text-brand-400">
        {icon}
      </div>
      <div>
        <h2 className="text-sm font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{children}</p>
      </div>
    </div>
  );
}

/** The settings sections that exist, and the ones still to come (named, not faked). */
export function SettingsLinks() {
  return (
    <div className="mt-6 grid gap-4 md:grid-cols-2">
      <SettingsLinkCard
        icon={<HealthIcon />}
        title={
          <Link href="/settings/health" className="hover:underline">
            Health
          </Link>
        }
      >
        Database mode, migrations, pgvector and versions of this installation.
      </SettingsLinkCard>
      <SettingsLinkCard icon={<KeyIcon />} title="API keys and usage">
        Creating, revoking and scoping keys arrives with tenant administration; until then use the
        seeded admin key.
      </SettingsLinkCard>
    </div>
  );
}
