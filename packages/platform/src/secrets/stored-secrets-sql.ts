import { rawSqlFor, type PrismaExecutor } from '@agentloom/db';

/** Agent versions whose config mentions an API key (the only place agent secrets live), locked for the reseal. */
export function lockAgentVersionsWithKeys(client: PrismaExecutor): Promise<{ id: string; config: unknown }[]> {
  return rawSqlFor(client).query<{ id: string; config: unknown }>(`SELECT id, config FROM agent_versions WHERE config::text LIKE '%"apiKey"%' ORDER BY id FOR UPDATE`);
}

export function updateAgentVersionConfig(client: PrismaExecutor, id: string, config: unknown): Promise<number> {
  return rawSqlFor(client).execute('UPDATE agent_versions SET config = $2::jsonb WHERE id = $1::uuid', id, JSON.stringify(config));
}

export function lockWebhookSecrets(client: PrismaExecutor): Promise<{ id: string; secret: string }[]> {
  return rawSqlFor(client).query<{ id: string; secret: string }>('SELECT id, secret FROM webhook_endpoints ORDER BY id FOR UPDATE');
}

export function updateWebhookSecret(client: PrismaExecutor, id: string, secret: string): Promise<number> {
  return rawSqlFor(client).execute('UPDATE webhook_endpoints SET secret = $2 WHERE id = $1::uuid', id, secret);
}
