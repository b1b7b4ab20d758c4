import { randomBytes, randomUUID } from 'node:crypto';

import { rawSqlFor } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { startConnectionRecorder, type ConnectionRecorder } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { redactedSecret } from '../agents/agent-config-secrets';
import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, testSecretKey, type TestPlatform } from '../testing';
import { resealStoredSecrets } from './reseal-stored-secrets';
import { SecretBox, SecretKeyError, secretKeyId } from './secret-box';

describe.each(databaseModes)('secrets bound to their destination and sealed at rest (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let stored: ConnectionRecorder;
  let elsewhere: ConnectionRecorder;
  const modelKey = `sk-exfil-${randomUUID()}`;

  beforeAll(async () => {
    stored = await startConnectionRecorder();
    elsewhere = await startConnectionRecorder();
    // Private targets allowed in this test only, so both fake providers on loopback can be reached.
    test = await createTestPlatform(mode, silentLogger, { outbound: { allowPrivateTargets: ['127.0.0.1'] }, executor: { pollMs: 50 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(async () => {
    await test?.dispose();
    await stored?.close();
    await elsewhere?.close();
  });

  const model = (port: number, overrides: Record<string, unknown> = {}) => ({ provider: 'openai-compatible', model: 'm', baseURL: `http://127.0.0.1:${port}/v1`, ...overrides });
  const authorizations = (recorder: ConnectionRecorder) => recorder.requests.map((request) => request.headers.authorization);
  const sql = () => rawSqlFor(test.platform.database.prisma);

  async function runToFailure(agentId: string): Promise<string> {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'hello' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 30_000 }).toBe('failed');
    return (await test.platform.runs.get(principal, { runId: run.id })).error?.message ?? '';
  }

  it('re-uses a redacted key only for the destination it was saved for; the stored key never reaches a new one', async () => {
    const agent = await test.platform.agents.create(principal, { slug: `keyed-${randomUUID()}`, name: 'Keyed', config: { model: { ...model(stored.port), apiKey: modelKey } } });
    const redacted = { ...model(stored.port), apiKey: redactedSecret };
    for (const changed of [
      { baseURL: `http://127.0.0.1:${elsewhere.port}/v1` },
      { baseURL: `http://127.0.0.1:${stored.port}/other` },
      { model: 'other-model' },
      { provider: 'openai' },
    ]) {
      await expect(test.platform.agents.saveVersion(principal, { agentId: agent.id, config: { model: { ...redacted, ...changed } } })).rejects.toMatchObject({
        kind: 'validation',
        field: 'config.model.apiKey',
      });
    }
    await expect(
      test.platform.agents.saveVersion(principal, { agentId: agent.id, config: { model: model(stored.port), fallbackModels: [{ ...redacted, baseURL: `http://127.0.0.1:${elsewhere.port}/v1` }] } }),
    ).rejects.toMatchObject({ kind: 'validation', field: 'config.fallbackModels.0.apiKey' });
    // Same destination (a trailing slash is the same URL): the key is kept.
    const kept = await test.platform.agents.saveVersion(principal, { agentId: agent.id, config: { model: { ...redacted, baseURL: `http://127.0.0.1:${stored.port}/v1/` }, instructions: 'Kept.' } });
    expect(kept).toMatchObject({ created: true, version: { version: 2 } });

    const message = await runToFailure(agent.id);
    expect(authorizations(stored)).toContain(`Bearer ${modelKey}`);
    expect(elsewhere.requests).toEqual([]);
    expect(elsewhere.connections).toBe(0);
    // The provider answered 400 with a body naming internal data: the run error shows status, never body.
    expect(message).toContain('HTTP 400');
    expect(message).not.toContain('INTERNAL-ONLY-DATA');

    // A key entered again for the new destination goes there, and only that key.
    await test.platform.agents.saveVersion(principal, { agentId: agent.id, config: { model: { ...model(elsewhere.port), apiKey: 'sk-entered-again' } } });
    await runToFailure(agent.id);
    expect(authorizations(elsewhere)).toEqual(['Bearer sk-entered-again']);
  });

  it('never stores model keys or webhook secrets in plaintext; what is stored opens to the original', async () => {
    const agent = await test.platform.agents.create(principal, { slug: `scan-${randomUUID()}`, name: 'Scan', config: { model: { ...model(stored.port), apiKey: modelKey }, fallbackModels: [{ ...model(stored.port, { model: 'f' }), apiKey: `${modelKey}-fallback` }] } });
    const webhook = await test.platform.webhooks.create(principal, { url: `http://127.0.0.1:${stored.port}/hook`, eventTypes: ['run.completed'] });
    const configs = await sql().query<{ config: string }>('SELECT config::text AS config FROM agent_versions WHERE agent_id = $1::uuid', agent.id);
    const secrets = await sql().query<{ secret: string }>('SELECT secret FROM webhook_endpoints WHERE id = $1::uuid', webhook.id);
    const everything = JSON.stringify([await sql().query('SELECT config::text FROM agent_versions'), await sql().query('SELECT secret FROM webhook_endpoints')]);
    expect(everything).not.toContain(modelKey);
    expect(everything).not.toContain(webhook.secret);
    const storedConfig = JSON.parse(configs[0]!.config) as { model: { apiKey: string }; fallbackModels: { apiKey: string }[] };
    const box = new SecretBox(testSecretKey);
    expect(storedConfig.model.apiKey).toMatch(/^enc:v1:/);
    expect(box.open(storedConfig.model.apiKey)).toBe(modelKey);
    expect(box.open(storedConfig.fallbackModels[0]!.apiKey)).toBe(`${modelKey}-fallback`);
    expect(box.open(secrets[0]!.secret)).toBe(webhook.secret);
  });

  it('seals legacy plaintext rows, and a rotation re-seals every secret under the new key in one transaction', async () => {
    const agent = await test.platform.agents.create(principal, { slug: `legacy-${randomUUID()}`, name: 'Legacy', config: { model: model(stored.port) } });
    const webhook = await test.platform.webhooks.create(principal, { url: `http://127.0.0.1:${stored.port}/legacy`, eventTypes: ['run.completed'] });
    // MCP server auth headers are secrets too (sealed at save, so nothing to migrate; rotation must reach them).
    const mcpToken = `Bearer mcp-${randomUUID()}`;
    const mcpServer = await test.platform.mcpServers.create(principal, {
      name: `rotated-${randomUUID().slice(0, 8)}`,
      transport: 'streamable-http',
      url: `http://127.0.0.1:${stored.port}/mcp`,
      headers: { Authorization: mcpToken, 'X-Tenant-Token': 'second-secret' },
    });
    const mcpHeaders = async () => (await sql().query<{ headers: Record<string, string> }>('SELECT headers FROM mcp_servers WHERE id = $1::uuid', mcpServer.id))[0]!.headers;
    // Rows as they were before encryption at rest.
    await sql().execute(`UPDATE agent_versions SET config = jsonb_set(config, '{model,apiKey}', '"sk-legacy-plaintext"') WHERE agent_id = $1::uuid`, agent.id);
    await sql().execute("UPDATE webhook_endpoints SET secret = 'whsec-legacy-plaintext' WHERE id = $1::uuid", webhook.id);
    const migrated = await resealStoredSecrets(test.platform.database, new SecretBox(testSecretKey), { strict: false });
    expect(migrated).toEqual({ agentVersions: 1, webhookEndpoints: 1, mcpServers: 0, unreadable: 0 });
    const afterMigration = JSON.stringify([await sql().query('SELECT config::text FROM agent_versions'), await sql().query('SELECT secret FROM webhook_endpoints')]);
    expect(afterMigration).not.toContain('sk-legacy-plaintext');
    expect(afterMigration).not.toContain('whsec-legacy-plaintext');

    // A key that opens nothing here: the strict pass (the rotation command) writes nothing.
    await expect(resealStoredSecrets(test.platform.database, new SecretBox(randomBytes(32)), { strict: true })).rejects.toThrow(SecretKeyError);
    expect(JSON.stringify([await sql().query('SELECT config::text FROM agent_versions'), await sql().query('SELECT secret FROM webhook_endpoints')])).toBe(afterMigration);

    const newKey = randomBytes(32);
    const rotated = await resealStoredSecrets(test.platform.database, new SecretBox(newKey, [testSecretKey]), { strict: true });
    const sealedSecrets = [
      ...(await sql().query<{ secret: string }>('SELECT secret FROM webhook_endpoints')).map((row) => row.secret),
      ...(await sql().query<{ key: string }>("SELECT config->'model'->>'apiKey' AS key FROM agent_versions WHERE config->'model' ? 'apiKey'")).map((row) => row.key),
    ];
    expect(rotated.agentVersions + rotated.webhookEndpoints).toBe(sealedSecrets.length);
    expect(sealedSecrets.every((value) => value.startsWith(`enc:v1:${secretKeyId(newKey)}:`))).toBe(true);
    const newBox = new SecretBox(newKey);
    const rotatedHeaders = await mcpHeaders();
    expect(rotated.mcpServers).toBeGreaterThanOrEqual(1);
    expect(Object.values(rotatedHeaders).every((value) => value.startsWith(`enc:v1:${secretKeyId(newKey)}:`))).toBe(true);
    expect(newBox.open(rotatedHeaders['Authorization']!)).toBe(mcpToken);
    expect(newBox.open(rotatedHeaders['X-Tenant-Token']!)).toBe('second-secret');
    expect(JSON.stringify(rotatedHeaders)).not.toContain(mcpToken);
    expect(newBox.open((await sql().query<{ secret: string }>('SELECT secret FROM webhook_endpoints WHERE id = $1::uuid', webhook.id))[0]!.secret)).toBe('whsec-legacy-plaintext');
    expect(() => new SecretBox(testSecretKey).open(sealedSecrets[0]!)).toThrow(SecretKeyError);
    // Rotating again with the same key changes nothing.
    expect(await resealStoredSecrets(test.platform.database, newBox, { strict: true })).toEqual({ agentVersions: 0, webhookEndpoints: 0, mcpServers: 0, unreadable: 0 });
  });
});
