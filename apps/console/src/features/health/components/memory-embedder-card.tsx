import type { HealthReport } from '@agentloom/platform';
import { HealthCard, HealthFact } from '~/features/health/components/health-card';

const modelLabels: Record<HealthReport['memoryEmbedder']['model'], string> = {
  'not-loaded': 'Not loaded yet (loads on first use)',
  loading: 'Loading…',
  ready: 'Loaded',
  failed: 'Failed to load',
};

/** Which embedder memory search uses, whether it understands meaning, and why it is the one in use. */
export function MemoryEmbedderCard({ embedder }: { embedder: HealthReport['memoryEmbedder'] }) {
  const status =
    embedder.fallbackReason !== null || embedder.model === 'failed'
      ? { tone: 'attention' as const, label: 'Fallback' }
      : { tone: 'good' as const, label: embedder.semantic ? 'Semantic' : 'Lexical' };
  return (
    <HealthCard title="Memory embedder" status={status}>
      <HealthFact label="Active">
        <span className="font-mono">{embedder.id}</span> · {embedder.dimension} dimensions
      </HealthFact>
      <HealthFact label="Matches">
        {embedder.semantic ? 'Meaning: paraphrases find each other.' : 'Shared words and word pieces only; paraphrases are missed.'}
      </HealthFact>
      <HealthFact label="Configured">{embedder.requested}</HealthFact>
      {embedder.fallbackReason !== null ? <HealthFact label="Why the fallback">{embedder.fallbackReason}</HealthFact> : null}
      <HealthFact label="Model">{embedder.modelError !== null ? `${modelLabels.failed}: ${embedder.modelError}` : modelLabels[embedder.model]}</HealthFact>
    </HealthCard>
  );
}
