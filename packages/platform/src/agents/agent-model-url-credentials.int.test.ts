import { rawSqlFor } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { redactedSecret } from './agent-config-secrets';

/**
 * ADR 0012: views show a model `baseURL` with its credentials as `***`, as they show webhook and MCP
 * server URLs; a save that sends the view back keeps the stored URL, any other `***` is refused, and
 * a URL with userinfo (which fetch refuses to call) is refused at save.
 */
describe.each(databaseModes)('model base URL credentials (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;
  let viewer: Principal;

  const primaryURL = 'https://gateway.example.com/openai/Ab3dEf6hIj9kLm2nOp5q/v1?api-key=azure-query-key-77c1b2e4';
  const fallbackURL = 'https://gateway.example.com/s/Zy9xWv8uTs7rQp6oNm5l/v1';
  const model = { provider: 'openai-compatible', model: 'm', baseURL: primaryURL, apiKey: 'sk-primary-key' };
  const fallback = { provider: 'openai-compatible', model: 'm2', baseURL: fallbackURL, apiKey: 'sk-fallback-key' };

  beforeAll(async () => {
    // Every name resolves to one public address: the outbound check is not what these tests are about.
    test = await createTestPlatform(mode, silentLogger, { outbound: { resolve: () => Promise.resolve([{ address: '93.184.215.14', family: 4 }]) } });
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
    const viewerKey = await test.platform.apiKeys.create(admin, { name: 'url viewer', role: 'viewer' });
    viewer = (await test.platform.auth.authenticate(viewerKey.key))!;
  });
  afterAll(() => test?.dispose());

  const agents = () => test.platform.agents;
  const storedConfig = async (agentId: string, version: number) =>
    (
      await rawSqlFor(test.platform.database.prisma).query<{ config: string }>(
        'SELECT config::text AS config FROM agent_versions WHERE agent_id = $1::uuid AND version = $2',
        agentId,
        version,
      )
    )[0]!.config;

  it('shows every base URL with its credentials as ***, and a save sending the view back keeps the stored URLs and keys', async () => {
    const agent = await agents().create(admin, { slug: 'gateway', name: 'Gateway', config: { model, fallbackModels: [fallback] } });
    const shown = await agents().version(viewer, { agentId: agent.id, version: 1 });
    expect(shown.config.model).toMatchObject({ baseURL: 'https://gateway.example.com/openai/***/v1?api-key=***', apiKey: redactedSecret });
    expect(shown.config.fallbackModels[0]).toMatchObject({ baseURL: 'https://gateway.example.com/s/***/v1', apiKey: redactedSecret });
    expect(JSON.stringify(await agents().get(viewer, { agentId: agent.id }))).not.toMatch(/Ab3dEf6h|azure-query-key|Zy9xWv8u/);

    // The keys (`[redacted]`) are judged against the restored destinations: a key is kept only for the URL it was saved with.
    const echoed = { ...shown.config, instructions: 'Echoed.' };
    const saved = await agents().saveVersion(admin, { agentId: agent.id, config: echoed });
    expect(saved).toMatchObject({ created: true, version: { version: 2 } });
    const stored = await storedConfig(agent.id, 2);
    expect(stored).toContain(primaryURL);
    expect(stored).toContain(fallbackURL);
    expect(stored).not.toContain('***');
    const configOf = JSON.parse(stored) as { model: { apiKey: string }; fallbackModels: { apiKey: string }[] };
    expect(configOf.model.apiKey).toMatch(/^enc:v1:/);
    expect(configOf.fallbackModels[0]!.apiKey).toMatch(/^enc:v1:/);

    // Sending the view back unchanged is a no-op, as it is for keys.
    expect(await agents().saveVersion(admin, { agentId: agent.id, config: echoed })).toMatchObject({ created: false });
  });

  it('refuses a *** that is not the view of a stored URL, naming the base URL field', async () => {
    const agent = (await agents().list(admin)).find((candidate) => candidate.slug === 'gateway')!;
    const { config } = await agents().version(admin, { agentId: agent.id, version: 2 });
    await expect(
      agents().saveVersion(admin, {
        agentId: agent.id,
        config: { ...config, model: { ...config.model!, baseURL: 'https://gateway.example.com/openai/***/v2' } },
      }),
    ).rejects.toMatchObject({ kind: 'validation', field: 'config.model.baseURL' });
    await expect(
      agents().saveVersion(admin, {
        agentId: agent.id,
        config: { ...config, fallbackModels: [{ ...config.fallbackModels[0]!, baseURL: 'https://elsewhere.example.com/s/***/v1' }] },
      }),
    ).rejects.toMatchObject({ kind: 'validation', field: 'config.fallbackModels.0.baseURL' });
    // At create there is nothing stored that the mark could stand for.
    await expect(
      agents().create(admin, { slug: 'marked', name: 'Marked', config: { model: { ...model, baseURL: 'https://gateway.example.com/openai/***/v1' } } }),
    ).rejects.toMatchObject({
      kind: 'validation',
      field: 'config.model.baseURL',
    });
    expect((await agents().get(admin, { agentId: agent.id })).latestVersion).toBe(2);
  });

  it('refuses a base URL with userinfo at create and at save, naming the field and where the credential goes', async () => {
    const withUserinfo = 'https://svc:sk-userinfo@gateway.example.com/v1';
    const created = agents().create(admin, { slug: 'userinfo', name: 'Userinfo', config: { model: { ...model, baseURL: withUserinfo } } });
    await expect(created).rejects.toMatchObject({ kind: 'validation', field: 'config.model.baseURL', message: expect.stringContaining('apiKey') as string });
    await expect(created).rejects.not.toMatchObject({ message: expect.stringContaining('sk-userinfo') as string });
    const agent = (await agents().list(admin)).find((candidate) => candidate.slug === 'gateway')!;
    const { config } = await agents().version(admin, { agentId: agent.id, version: 2 });
    await expect(
      agents().saveVersion(admin, { agentId: agent.id, config: { ...config, fallbackModels: [{ ...fallback, baseURL: withUserinfo }] } }),
    ).rejects.toMatchObject({
      kind: 'validation',
      field: 'config.fallbackModels.0.baseURL',
    });
  });

  it('still reads a version stored with userinfo before the refusal (shown as ***), and a save must move the credential', async () => {
    const agent = await agents().create(admin, {
      slug: 'legacy-userinfo',
      name: 'Legacy',
      config: { model: { ...model, baseURL: 'https://gateway.example.com/v1' } },
    });
    await rawSqlFor(test.platform.database.prisma).execute(
      `UPDATE agent_versions SET config = jsonb_set(config, '{model,baseURL}', '"https://svc:legacy-password@gateway.example.com/v1"') WHERE agent_id = $1::uuid`,
      agent.id,
    );
    const shown = await agents().get(viewer, { agentId: agent.id });
    expect(shown.latest!.config.model!.baseURL).toBe('https://***:***@gateway.example.com/v1');
    expect(JSON.stringify(await agents().version(viewer, { agentId: agent.id, version: 1 }))).not.toContain('legacy-password');
    await expect(agents().saveVersion(admin, { agentId: agent.id, config: { ...shown.latest!.config, instructions: 'Edited.' } })).rejects.toMatchObject({
      kind: 'validation',
      field: 'config.model.baseURL',
    });
  });
});
