import { rawSqlFor, type PrismaExecutor } from '@agentloom/db';

/**
 * Agent versions holding an API key not yet sealed with the current key (`currentKeyId`, hex), locked
 * for the reseal. jsonb prints `"apiKey": "…"`; the negative lookahead skips keys already current, so
 * a start-up with nothing to do reads no configs.
 */
export function lockAgentVersionsToReseal(client: PrismaExecutor, currentKeyId: string): Promise<{ id: string; config: unknown }[]> {
  return rawSqlFor(client).query<{ id: string; config: unknown }>(
    'SELECT id, config FROM agent_versions WHERE config::text ~ $1 ORDER BY id FOR UPDATE',
    `"apiKey": "(?!enc:v1:${currentKeyId}:)`,
  );
}

export function updateAgentVersionConfig(client: PrismaExecutor, id: string, config: unknown): Promise<number> {
  return rawSqlFor(client).execute('UPDATE agent_versions SET config = $2::jsonb WHERE id = $1::uuid', id, JSON.stringify(config));
}

/** Webhook endpoints whose secret is not sealed with the current key, locked for the reseal. */
export function lockWebhookSecretsToReseal(client: PrismaExecutor, currentKeyId: string): Promise<{ id: string; secret: string }[]> {
  return rawSqlFor(client).query<{ id: string; secret: string }>('SELECT id, secret FROM webhook_endpoints WHERE secret NOT LIKE $1 ORDER BY id FOR UPDATE', `enc:v1:${currentKeyId}:%`);
}

export function updateWebhookSecret(client: PrismaExecutor, id: string, secret: string): Promise<number> {
  return rawSqlFor(client).execute('UPDATE webhook_endpoints SET secret = $2 WHERE id = $1::uuid', id, secret);
}

/**
 * MCP servers with an auth header value not sealed with the current key, locked for the reseal.
 * jsonb prints `{"Name": "value", …}`; header names are HTTP tokens (no quotes), so every value
 * follows a `": "`, and the lookahead skips values already current.
 */
export function lockMcpServerHeadersToReseal(client: PrismaExecutor, currentKeyId: string): Promise<{ id: string; headers: unknown }[]> {
  return rawSqlFor(client).query<{ id: string; headers: unknown }>(
    'SELECT id, headers FROM mcp_servers WHERE headers::text ~ $1 ORDER BY id FOR UPDATE',
    `": "(?!enc:v1:${currentKeyId}:)`,
  );
}

export function updateMcpServerHeaders(client: PrismaExecutor, id: string, headers: Record<string, string>): Promise<number> {
  return rawSqlFor(client).execute('UPDATE mcp_servers SET headers = $2::jsonb WHERE id = $1::uuid', id, JSON.stringify(headers));
}
