import type { HealthReport } from '@agentloom/platform';
import { HealthCard, HealthFact } from '~/features/health/components/health-card';

const modeDescriptions: Record<HealthReport['database']['mode'], string> = {
  embedded: 'Embedded (PGlite, in this process)',
  server: 'PostgreSQL server',
};

export function DatabaseCard({ database }: { database: HealthReport['database'] }) {
  return (
    <HealthCard title="Database" status={{ tone: 'good', label: 'Connected' }}>
      <HealthFact label="Mode">
        <span data-testid="database-mode">{modeDescriptions[database.mode]}</span>
      </HealthFact>
      <HealthFact label={database.mode === 'embedded' ? 'Data directory' : 'Server'}>
        <code className="font-mono text-xs break-all">{database.location}</code>
      </HealthFact>
      <HealthFact label="Server version">{database.serverVersion}</HealthFact>
    </HealthCard>
  );
}
