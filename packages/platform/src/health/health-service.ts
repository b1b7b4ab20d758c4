import type { Database } from '@agentloom/db';
import type { EmbedderSelection } from '@agentloom/runtime';

import type { HealthReport } from './health-report';

export interface HealthServiceVersions {
  agentloom: string;
  prisma: string;
}

/** Reports what the Health page shows: database mode, migrations, vector search, memory embedder, versions. */
export class HealthService {
  constructor(
    private readonly database: Database,
    private readonly versions: HealthServiceVersions,
    private readonly embedder: EmbedderSelection,
  ) {}

  async report(): Promise<HealthReport> {
    const [migrations, serverVersion] = await Promise.all([
      this.database.migrationStatus(),
      this.database.serverVersion(),
    ]);
    const upToDate = migrations.pending.length === 0;
    const { vector } = this.database;
    return {
      status: upToDate && vector.available ? 'ok' : 'degraded',
      database: { mode: this.database.mode, location: this.database.location, serverVersion },
      migrations: { ...migrations, upToDate },
      vectorSearch: { available: vector.available, version: vector.version, fix: vector.fix },
      memoryEmbedder: this.embedderReport(),
      versions: { ...this.versions, node: process.version },
      checkedAt: new Date().toISOString(),
    };
  }

  private embedderReport(): HealthReport['memoryEmbedder'] {
    const { embedder, requested, semantic, fallbackReason } = this.embedder;
    const load = this.embedder.loadState();
    return {
      id: embedder.id,
      dimension: embedder.dimension,
      requested,
      semantic,
      fallbackReason,
      model: load.state,
      modelError: load.state === 'failed' ? load.reason : null,
    };
  }
}
