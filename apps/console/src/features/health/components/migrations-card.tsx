import type { HealthReport } from '@agentloom/platform';
import { HealthCard, HealthFact } from '~/features/health/components/health-card';

export function MigrationsCard({ migrations }: { migrations: HealthReport['migrations'] }) {
  const latest = migrations.applied.at(-1);
  return (
    <HealthCard
      title="Migrations"
      status={
        migrations.upToDate
          ? { tone: 'good', label: 'Up to date' }
          : { tone: 'attention', label: `${migrations.pending.length} pending` }
      }
    >
      <HealthFact label="Applied">{migrations.applied.length}</HealthFact>
      <HealthFact label="Latest">
        {latest === undefined ? 'None' : <code className="font-mono text-xs">{latest}</code>}
      </HealthFact>
      {migrations.pending.length > 0 ? (
        <HealthFact label="Pending">
          <ul className="space-y-1">
            {migrations.pending.map((name) => (
              <li key={name}>
                <code className="font-mono text-xs">{name}</code>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
            Apply them with <code className="font-mono">npm run db:migrate:deploy</code> or restart the console.
          </p>
        </HealthFact>
      ) : null}
    </HealthCard>
  );
}
