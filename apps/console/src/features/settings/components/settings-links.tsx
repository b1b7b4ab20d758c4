'use client';

import type { Route } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { HealthIcon, KeyIcon, RunsIcon, SettingsIcon } from '~/components/icons';
import { useIsAdmin } from '~/features/session/principal-context';

function SettingsLinkCard({ icon, title, href, children }: { icon: ReactNode; title: string; href: Route; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="flex gap-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-xs hover:border-brand-300 focus:border-brand-500 focus:outline-none dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-brand-800"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-950 dark:text-brand-400">
        {icon}
      </span>
      <span>
        <span className="block text-sm font-semibold">{title}</span>
        <span className="mt-1 block text-sm text-zinc-600 dark:text-zinc-400">{children}</span>
      </span>
    </Link>
  );
}

/** The settings sections; admin-only ones are left out for other roles. */
export function SettingsLinks() {
  const isAdmin = useIsAdmin();
  return (
    <nav aria-label="Settings sections" className="mt-6 grid gap-4 md:grid-cols-2">
      {isAdmin ? (
        <SettingsLinkCard icon={<KeyIcon />} title="API keys" href={'/settings/api-keys'}>
          Create keys with a role (the secret is shown once), see when each was last used, revoke.
        </SettingsLinkCard>
      ) : null}
      {isAdmin ? (
        <SettingsLinkCard icon={<SettingsIcon />} title="Audit log" href={'/settings/audit'}>
          Who changed what and when: keys, agents, runs, approvals, memory and erasure, with before and after.
        </SettingsLinkCard>
      ) : null}
      {isAdmin ? (
        <SettingsLinkCard icon={<SettingsIcon />} title="Webhooks" href={'/settings/webhooks'}>
          Endpoints notified of run and approval events, signed, with a delivery log.
        </SettingsLinkCard>
      ) : null}
      {isAdmin ? (
        <SettingsLinkCard icon={<SettingsIcon />} title="MCP servers" href={'/settings/mcp-servers'}>
          Tools from MCP servers (stdio from the operator allow-list, or Streamable HTTP) for agents to attach; connect and list tools.
        </SettingsLinkCard>
      ) : null}
      <SettingsLinkCard icon={<RunsIcon />} title="Usage" href={'/settings/usage'}>
        Runs by outcome, tokens, cost and tool calls per agent, with a daily chart.
      </SettingsLinkCard>
      <SettingsLinkCard icon={<KeyIcon />} title="API reference" href={'/docs/api'}>
        The REST API generated from its OpenAPI document: operations by area, parameters, bodies and roles.
      </SettingsLinkCard>
      <SettingsLinkCard icon={<HealthIcon />} title="Health" href="/settings/health">
        {isAdmin
          ? 'Database mode, migrations, pgvector and versions of this installation.'
          : 'Whether this installation is ok or degraded; the details are for admins.'}
      </SettingsLinkCard>
    </nav>
  );
}
