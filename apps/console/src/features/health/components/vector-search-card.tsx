import type { HealthReport } from '@agentloom/platform';
import { HealthCard, HealthFact } from '~/features/health/components/health-card';

export function VectorSearchCard({ vectorSearch }: { vectorSearch: HealthReport['vectorSearch'] }) {
  return (
    <HealthCard
      title="Vector search"
      status={vectorSearch.available ? { tone: 'good', label: 'Available' } : { tone: 'attention', label: 'Unavailable' }}
    >
      <HealthFact label="pgvector">
        {vectorSearch.available ? `Available, version ${vectorSearch.version ?? 'unknown'}` : 'Not installed'}
      </HealthFact>
      <HealthFact label="Semantic memory">
        {vectorSearch.available ? 'Embedding search is enabled.' : 'Embedding search needs pgvector.'}
      </HealthFact>
      {vectorSearch.fix !== null ? <HealthFact label="How to fix">{vectorSearch.fix}</HealthFact> : null}
    </HealthCard>
  );
}
