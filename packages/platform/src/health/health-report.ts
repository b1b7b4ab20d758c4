/** What the Health page and `/api/health` show. */
export interface HealthReport {
  status: 'ok' | 'degraded';
  database: {
    mode: 'embedded' | 'server';
    /** Data directory (embedded) or host/database (server), never a password. */
    location: string;
    serverVersion: string;
  };
  migrations: {
    applied: string[];
    pending: string[];
    upToDate: boolean;
  };
  vectorSearch: {
    available: boolean;
    /** pgvector version when available. */
    version: string | null;
    /** Set when unavailable: what to do about it. */
    fix: string | null;
  };
  versions: { agentloom: string; node: string; prisma: string };
  checkedAt: string;
}
