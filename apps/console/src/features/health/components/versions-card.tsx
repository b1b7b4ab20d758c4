import type { HealthReport } from '@agentloom/platform';
import { HealthCard, HealthFact } from '~/features/health/components/health-card';

export function VersionsCard({ versions }: { versions: HealthReport['versions'] }) {
  return (
    <HealthCard title="Versions" status={{ tone: 'neutral', label: 'Installed' }}>
      <HealthFact label="AgentLoom">{versions.agentloom}</HealthFact>
      <HealthFact label="Node.js">{versions.node}</HealthFact>
      <HealthFact label="Prisma">{versions.prisma}</HealthFact>
    </HealthCard>
  );
}
