'use client';

import { useQuery } from '@tanstack/react-query';
import { RefreshIcon } from '~/components/icons';
import { LocalTime } from '~/components/local-time';
import { PageHeader } from '~/components/page-header';
import { DatabaseCard } from '~/features/health/components/database-card';
import { MemoryEmbedderCard } from '~/features/health/components/memory-embedder-card';
import { MigrationsCard } from '~/features/health/components/migrations-card';
import { StatusPill } from '~/features/health/components/status-pill';
import { VectorSearchCard } from '~/features/health/components/vector-search-card';
import { VersionsCard } from '~/features/health/components/versions-card';
import { hasHealthDetails } from '~/features/health/health-view';
import { useTRPC } from '~/trpc/react';

export function HealthOverview() {
  const trpc = useTRPC();
  const report = useQuery(trpc.health.report.queryOptions());

  const actions = (
    <>
      {report.data ? (
        <StatusPill tone={report.data.status === 'ok' ? 'good' : 'attention'}>
          {report.data.status === 'ok' ? 'All systems ok' : 'Degraded'}
        </StatusPill>
      ) : null}
      <button
        type="button"
        onClick={() => void report.refetch()}
        disabled={report.isFetching}
        className="inline-flex items-center gap-2 rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium shadow-xs hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800"
      >
        <RefreshIcon className={report.isFetching ? 'size-4 animate-spin' : 'size-4'} />
        {report.isFetching ? 'Checking…' : 'Check again'}
      </button>
    </>
  );

  return (
    <>
      <PageHeader
        title="Health"
        description="Database, migrations, vector search, memory embedder and versions of this AgentLoom installation, checked live."
        actions={actions}
      />
      {report.error ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
          The health check failed: {report.error.message}
        </p>
      ) : null}
      {report.data && hasHealthDetails(report.data) ? (
        <>
          <div className="mt-6 grid gap-4 lg:grid-cols-2">
            <DatabaseCard database={report.data.database} />
            <MigrationsCard migrations={report.data.migrations} />
            <VectorSearchCard vectorSearch={report.data.vectorSearch} />
            <MemoryEmbedderCard embedder={report.data.memoryEmbedder} />
            <VersionsCard versions={report.data.versions} />
          </div>
          <p className="mt-4 text-xs text-zinc-500 dark:text-zinc-400">
            Checked at <LocalTime iso={report.data.checkedAt} options={{ year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }} />
            {' · '}Also available as JSON at{' '}
            <a href="/api/health" className="font-mono text-brand-600 hover:underline dark:text-brand-400">
              /api/health
            </a>
          </p>
        </>
      ) : report.data ? (
        // Other roles get the status alone, as from /api/health (ADR 0007); the pill above shows it.
        <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
          The details (database, migrations, vector search, memory embedder and versions) are shown to admins.
        </p>
      ) : report.isPending ? (
        <p className="mt-6 text-sm text-zinc-500 dark:text-zinc-400">Checking…</p>
      ) : null}
    </>
  );
}
