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
  /** Which embedder turns memories and queries into vectors, and why it is that one. */
  memoryEmbedder: {
    /** Recorded with every vector, e.g. `use-lite/v1`; items of another id are not compared with queries. */
    id: string;
    dimension: number;
    /** The configured provider (`use-lite`, `hashing`, `transformers`, `openai`, `openai-compatible`). */
    requested: string;
    /** Meaning-level similarity (paraphrases match) rather than shared words only. */
    semantic: boolean;
    /** Set when the requested embedder could not be used and the lexical one took over. */
    fallbackReason: string | null;
    /** A local model loads on first use: `not-loaded`, `loading`, `ready` or `failed` (with the reason). */
    model: 'not-loaded' | 'loading' | 'ready' | 'failed';
    modelError: string | null;
  };
  versions: { agentloom: string; node: string; prisma: string };
  checkedAt: string;
}
