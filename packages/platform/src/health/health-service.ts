import type { Database } from '@agentloom/db';

import type { HealthReport } from './health-report';

export interface HealthServiceVersions {
  agentloom: string;
  prisma: string;
}

/** Reports what the Health page shows: database mode, migrations, vector search, versions. */
export class HealthService {
  constructor(
    private readonly database: Database,
    private readonly versions: HealthServiceVersions,
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
      versions: { ...this.versions, node: process.version },
      checkedAt: new Date().toISOString(),
    };
  }
}
