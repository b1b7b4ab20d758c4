import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { allowedAddressForms, createTestResolver, refusedAddressForms, startConnectionRecorder, urlFor, type ConnectionRecorder } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createPlatform } from '../create-platform';
import { createTestPlatform, silentLogger, testSecretKey, type TestPlatform } from '../testing';

/**
 * The SSRF matrix for the platform's outbound paths: model base URLs (at save and at connect),
 * the memory embedder and webhooks, over every address form of the runtime's table. No test
 * sends traffic anywhere but loopback: names resolve through a test resolver, and every form that
 * would land on 127.0.0.1 is aimed at a recorder that must see no connection.
 */
describe.each(databaseModes)('outbound policy on every platform path (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let recorder: ConnectionRecorder;

  beforeAll(async () => {
    recorder = await startConnectionRecorder();
    test = await createTestPlatform(mode, silentLogger, { outbound: { resolve: createTestResolver() }, executor: { pollMs: 50 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(async () => {
    await test?.dispose();
    await recorder?.close();
  });

  const modelConfig = (baseURL: string) => ({ provider: 'openai-compatible', model: 'm', baseURL, apiKey: 'sk-matrix' });

  /** A version written directly (as if saved before the check existed), so only the connect-time check stands in the way. */
  async function agentWithStoredBaseUrl(baseURL: string): Promise<string> {
    const { prisma } = test.platform.database;
    const agent = await prisma.agent.create({ data: { tenantId: principal.tenantId, slug: `matrix-${randomUUID()}`, name: 'Matrix' } });
    await prisma.agentVersion.create({
      data: { tenantId: principal.tenantId, agentId: agent.id, version: 1, config: { model: modelConfig(baseURL) }, configHash: randomUUID() },
    });
    return agent.id;
  }

  async function failedRunError(agentId: string): Promise<string> {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'hello' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 30_000 }).toBe('failed');
    return (await test.platform.runs.get(principal, { runId: run.id })).error?.message ?? '';
  }

  describe('model base URL at save', () => {
    it.each(refusedAddressForms.map((form) => [form.form, form] as const))('refuses %s (primary and fallback)', async (_label, form) => {
      const url = urlFor(form, 8080, 'v1');
      await expect(test.platform.agents.create(principal, { slug: `m-${randomUUID()}`, name: 'M', config: { model: modelConfig(url) } })).rejects.toMatchObject({
        kind: 'validation',
        field: 'config.model.baseURL',
        message: expect.stringContaining(form.reason!) as string,
      });
      await expect(
        test.platform.agents.create(principal, { slug: `f-${randomUUID()}`, name: 'F', config: { model: modelConfig('https://public.test/v1'), fallbackModels: [modelConfig(url)] } }),
      ).rejects.toMatchObject({ kind: 'validation', field: 'config.fallbackModels.0.baseURL' });
    });

    it.each(allowedAddressForms.map((form) => [form.form, form] as const))('accepts %s (checked, never contacted)', async (_label, form) => {
      await expect(test.platform.agents.create(principal, { slug: `a-${randomUUID()}`, name: 'A', config: { model: modelConfig(urlFor(form, 443, 'v1')) } })).resolves.toMatchObject({
        latest: { version: 1 },
      });
    });

    it('refuses a base URL change to a private target when saving a new version', async () => {
      const agent = await test.platform.agents.create(principal, { slug: `v-${randomUUID()}`, name: 'V', config: { model: modelConfig('https://public.test/v1') } });
      await expect(
        test.platform.agents.saveVersion(principal, { agentId: agent.id, config: { model: { ...modelConfig(`http://[64:ff9b::7f00:1]:${recorder.port}/v1`) } } }),
      ).rejects.toMatchObject({ kind: 'validation', field: 'config.model.baseURL' });
    });
  });

  describe('model base URL at connect', () => {
    const connectForms = refusedAddressForms.filter((form) => form.reachesLoopback === true);

    it.each(connectForms.map((form) => [form.form, form] as const))('refuses %s when the run calls the model', async (_label, form) => {
      const message = await failedRunError(await agentWithStoredBaseUrl(urlFor(form, recorder.port, 'v1')));
      expect(message).toContain('Refused to reach');
      expect(message).not.toContain('INTERNAL-ONLY-DATA');
      expect(recorder.connections).toBe(0);
    });

    it('refuses a name whose DNS answer changed to loopback between the save and the run', async () => {
      const agent = await test.platform.agents.create(principal, { slug: `r-${randomUUID()}`, name: 'R', config: { model: modelConfig(`http://rebinding.test:${recorder.port}/v1`) } });
      const message = await failedRunError(agent.id);
      expect(message).toContain('rebinding.test resolves to a non-public address (loopback)');
      expect(recorder.connections).toBe(0);
    });
  });

  describe('webhook URL', () => {
    it.each(refusedAddressForms.map((form) => [form.form, form] as const))('refuses %s when the endpoint is created', async (_label, form) => {
      await expect(test.platform.webhooks.create(principal, { url: urlFor(form, recorder.port, 'hook'), eventTypes: ['run.completed'] })).rejects.toMatchObject({
        kind: 'validation',
        field: 'url',
        message: expect.stringContaining(form.reason!) as string,
      });
    });
  });

  it('never lets the embedder reach a refused target: refused at start by URL, at connect by address', async () => {
    await expect(
      createPlatform({
        database: { url: 'postgresql://unused.invalid/never', migrationsDirectory: 'unused' },
        logger: silentLogger,
        secrets: { key: testSecretKey },
        memory: { embedder: { provider: 'openai-compatible', model: 'e', dimension: 4, baseURL: `http://[::ffff:127.0.0.1]:${recorder.port}/v1` } },
      }),
    ).rejects.toMatchObject({ kind: 'validation', field: 'memory.embedder.baseURL' });
    // A name passes the start-up check (no DNS there); its connection is checked like any other.
    const withEmbedder = await createTestPlatform(mode, silentLogger, {
      outbound: { resolve: createTestResolver() },
      memory: { embedder: { provider: 'openai-compatible', model: 'e', dimension: 4, baseURL: `http://loopback.test:${recorder.port}/v1` } },
    });
    try {
      // The embedder memory uses (a Postgres server without pgvector stores no vectors, so call it directly).
      await expect(withEmbedder.platform.memoryPort.embedder.embed(['a fact'])).rejects.toThrow(/Refused to reach .*loopback/);
      expect(recorder.connections).toBe(0);
    } finally {
      await withEmbedder.dispose();
    }
  });
});
