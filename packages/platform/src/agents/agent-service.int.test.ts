import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';
import { redactedSecret } from './agent-config-secrets';

const strangerTenantId = '0190a1b2-0000-7000-8000-000000000001';
/** The smallest runnable agent without a model: the offline demo script plays it. */
const demoScript = { replies: [{ text: 'Done.' }] };

describe.each(databaseModes)('agent authoring (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;
  let viewer: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
    const viewerKey = await test.platform.apiKeys.create(admin, { name: 'viewer', role: 'viewer' });
    viewer = (await test.platform.auth.authenticate(viewerKey.key))!;
  });
  afterAll(() => test?.dispose());

  const agents = () => test.platform.agents;

  it('creates an agent with version 1 holding the effective config, audit-logged', async () => {
    const agent = await agents().create(admin, { slug: 'writer', name: 'Writer', config: { instructions: 'Write.', tools: ['send_notification'], demoScript } });
    expect(agent).toMatchObject({ slug: 'writer', name: 'Writer', latestVersion: 1, archived: false });
    expect(agent.latest).toMatchObject({
      version: 1,
      createdBy: admin.apiKeyName,
      config: { instructions: 'Write.', mode: 'react', tools: ['send_notification'] },
    });
    const audit = await test.platform.audit.list(admin, { action: 'agent.create', targetId: agent.id });
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ actorId: admin.apiKeyId, actorName: admin.apiKeyName, after: { slug: 'writer', version: 1 } });
  });

  it('refuses a taken slug (conflict on slug) and a bad config (validation naming the config field)', async () => {
    await expect(agents().create(admin, { slug: 'writer', name: 'Again', config: { demoScript } })).rejects.toMatchObject({ kind: 'conflict', field: 'slug' });
    await expect(agents().create(admin, { slug: 'bad-mode', name: 'Bad', config: { mode: 'wander' } })).rejects.toMatchObject({
      kind: 'validation',
      field: 'config.mode',
    });
    await expect(agents().create(admin, { slug: 'Not A Slug', name: 'Bad' })).rejects.toMatchObject({ kind: 'validation', field: 'slug' });
    expect((await agents().list(admin)).filter((agent) => agent.slug === 'bad-mode')).toEqual([]);
  });

  it('refuses config.skills at create and at save: a skills folder is the server’s disk', async () => {
    const skills = { directory: '/etc' };
    await expect(agents().create(admin, { slug: 'host-reader', name: 'Host reader', config: { demoScript, skills } })).rejects.toMatchObject({ kind: 'validation', field: 'config.skills' });
    const agent = await agents().create(admin, { slug: 'host-reader-later', name: 'Host reader', config: { demoScript } });
    await expect(agents().saveVersion(admin, { agentId: agent.id, config: { demoScript, skills } })).rejects.toMatchObject({ kind: 'validation', field: 'config.skills' });
    expect((await agents().get(admin, { agentId: agent.id })).latestVersion).toBe(1);
  });

  it('refuses an approval rule that names no tool (a typo would leave the real tool ungated), at create and at save', async () => {
    const misspelt = { demoScript, tools: ['send_notification'], approvals: { send_notificaton: 'always' as const } };
    await expect(agents().create(admin, { slug: 'typo-gate', name: 'Typo', config: misspelt })).rejects.toMatchObject({ kind: 'validation', field: 'config.approvals.send_notificaton' });
    const agent = await agents().create(admin, { slug: 'typo-gate-later', name: 'Typo', config: { demoScript, tools: ['send_notification'], approvals: { send_notification: 'always', record_citation: 'never' } } });
    await expect(agents().saveVersion(admin, { agentId: agent.id, config: misspelt })).rejects.toMatchObject({ kind: 'validation', field: 'config.approvals.send_notificaton' });
    expect((await agents().get(admin, { agentId: agent.id })).latestVersion).toBe(1);
  });

  it('saves a changed config as version n+1, leaves earlier versions untouched, and records what changed', async () => {
    const agent = (await agents().list(admin)).find((candidate) => candidate.slug === 'writer')!;
    const v1 = await agents().version(admin, { agentId: agent.id, version: 1 });
    const saved = await agents().saveVersion(admin, { agentId: agent.id, config: { ...v1.config, instructions: 'Write briefly.' } });
    expect(saved.created).toBe(true);
    expect(saved.version).toMatchObject({ version: 2, config: { instructions: 'Write briefly.' } });
    expect(saved.version.configHash).not.toBe(v1.configHash);
    expect(await agents().version(admin, { agentId: agent.id, version: 1 })).toEqual(v1);
    const history = await agents().versions(admin, { agentId: agent.id });
    expect(history.versions.map((version) => version.version)).toEqual([2, 1]);
    const audit = await test.platform.audit.list(admin, { action: 'agent.save-version', targetId: agent.id });
    expect(audit.entries[0]).toMatchObject({ before: { version: 1 }, after: { version: 2, changedFields: ['instructions'] } });
  });

  it('treats an unchanged config as a no-op, whatever the key order or omitted defaults', async () => {
    const agent = (await agents().list(admin)).find((candidate) => candidate.slug === 'writer')!;
    const latest = (await agents().get(admin, { agentId: agent.id })).latest!;
    const reordered = Object.fromEntries(Object.entries(latest.config).reverse());
    const again = await agents().saveVersion(admin, { agentId: agent.id, config: reordered });
    expect(again).toMatchObject({ created: false, version: { version: latest.version } });
    const sparse = await agents().saveVersion(admin, { agentId: agent.id, config: { instructions: 'Write briefly.', tools: ['send_notification'], demoScript } });
    expect(sparse.created).toBe(false);
  });

  it('treats a seeded version (stored before normalisation) as equal to its effective config', async () => {
    const seeded = (await agents().list(admin)).find((candidate) => candidate.slug === 'demo-operator')!;
    const latest = (await agents().get(admin, { agentId: seeded.id })).latest!;
    expect((await agents().saveVersion(admin, { agentId: seeded.id, config: latest.config })).created).toBe(false);
  });

  it('serialises concurrent saves into consecutive versions', async () => {
    const agent = await agents().create(admin, { slug: 'racer', name: 'Racer', config: { demoScript } });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) => agents().saveVersion(admin, { agentId: agent.id, config: { instructions: `take ${index}`, demoScript } })),
    );
    expect(results.every((result) => result.created)).toBe(true);
    expect((await agents().versions(admin, { agentId: agent.id })).versions.map((version) => version.version)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('never shows model API keys, and keeps the stored key when the marker is sent back', async () => {
    const model = { provider: 'openai', model: 'gpt-test', apiKey: 'sk-secret-value' };
    const agent = await agents().create(admin, { slug: 'keyed', name: 'Keyed', config: { model } });
    expect(agent.latest!.config.model).toMatchObject({ apiKey: redactedSecret });
    const saved = await agents().saveVersion(admin, { agentId: agent.id, config: { ...agent.latest!.config, instructions: 'Changed.' } });
    expect(saved.version.config.model).toMatchObject({ apiKey: redactedSecret });
    const stored = await test.platform.database.prisma.agentVersion.findFirstOrThrow({ where: { agentId: agent.id, version: 2 } });
    // Stored sealed (AES-256-GCM envelope), never as the plaintext.
    expect(stored.config).toMatchObject({ model: { apiKey: expect.stringMatching(/^enc:v1:/) as string } });
    expect(JSON.stringify(stored.config)).not.toContain('sk-secret-value');
    expect(JSON.stringify((await test.platform.audit.list(admin, { targetId: agent.id })).entries)).not.toContain('sk-secret-value');
  });

  it('updates name and description in place without a new version', async () => {
    const agent = (await agents().list(admin)).find((candidate) => candidate.slug === 'racer')!;
    const latest = (await agents().get(admin, { agentId: agent.id })).latest!;
    const saved = await agents().saveVersion(admin, { agentId: agent.id, config: latest.config, name: 'Racer two', description: 'Renamed' });
    expect(saved).toMatchObject({ created: false, agent: { name: 'Racer two', description: 'Renamed', latestVersion: latest.version } });
    expect((await test.platform.audit.list(admin, { action: 'agent.update', targetId: agent.id })).entries[0]).toMatchObject({ after: { name: 'Racer two' } });
  });

  it('archives and unarchives idempotently; an archived agent takes no new versions and no runs', async () => {
    const agent = (await agents().list(admin)).find((candidate) => candidate.slug === 'racer')!;
    expect(await agents().archive(admin, { agentId: agent.id })).toMatchObject({ archived: true });
    expect(await agents().archive(admin, { agentId: agent.id })).toMatchObject({ archived: true });
    expect((await agents().list(admin)).some((candidate) => candidate.id === agent.id)).toBe(false);
    expect((await agents().list(admin, { includeArchived: true })).some((candidate) => candidate.id === agent.id)).toBe(true);
    await expect(agents().saveVersion(admin, { agentId: agent.id, config: { instructions: 'x', demoScript } })).rejects.toMatchObject({ kind: 'conflict' });
    await expect(test.platform.runs.create(admin, { agentId: agent.id, input: 'go' })).rejects.toMatchObject({ kind: 'validation', field: 'agentId' });
    expect(await agents().unarchive(admin, { agentId: agent.id })).toMatchObject({ archived: false });
    expect((await test.platform.audit.list(admin, { targetId: agent.id, action: 'agent.archive' })).entries).toHaveLength(1);
  });

  it('lets viewers read but not write', async () => {
    const agent = (await agents().list(viewer)).find((candidate) => candidate.slug === 'writer')!;
    expect((await agents().get(viewer, { agentId: agent.id })).latest?.version).toBe(2);
    await expect(agents().create(viewer, { slug: 'nope', name: 'Nope' })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(agents().saveVersion(viewer, { agentId: agent.id, config: {} })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(agents().archive(viewer, { agentId: agent.id })).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it("hides another tenant's agents (not found, never forbidden)", async () => {
    const agent = (await agents().list(admin)).find((candidate) => candidate.slug === 'writer')!;
    const stranger: Principal = { ...admin, tenantId: strangerTenantId };
    await expect(agents().get(stranger, { agentId: agent.id })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(agents().versions(stranger, { agentId: agent.id })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(agents().version(stranger, { agentId: agent.id, version: 1 })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(agents().saveVersion(stranger, { agentId: agent.id, config: {} })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(agents().archive(stranger, { agentId: agent.id })).rejects.toMatchObject({ kind: 'not-found' });
    expect(await agents().list(stranger)).toEqual([]);
  });

  it('refuses a tool no executor has, naming the tool and the field, at create and at save (ADR 0011-one-tool-catalog)', async () => {
    await expect(agents().create(admin, { slug: 'ghost-tools', name: 'Ghost', config: { tools: ['send_notification', 'create_ticket'] } })).rejects.toMatchObject({
      kind: 'validation',
      field: 'config.tools.1',
      message: expect.stringContaining('unknown tool "create_ticket"') as unknown,
    });
    expect((await agents().list(admin)).filter((agent) => agent.slug === 'ghost-tools')).toEqual([]);
    const agent = (await agents().list(admin)).find((candidate) => candidate.slug === 'writer')!;
    const latest = (await agents().get(admin, { agentId: agent.id })).latest!;
    await expect(agents().saveVersion(admin, { agentId: agent.id, config: { ...latest.config, tools: ['crm_lookup'] } })).rejects.toMatchObject({
      kind: 'validation',
      field: 'config.tools.0',
      message: expect.stringContaining('"crm_lookup"') as unknown,
    });
    await expect(agents().saveVersion(admin, { agentId: agent.id, config: { ...latest.config, builtinTools: ['record_citation', 'teleport'] } })).rejects.toMatchObject({
      kind: 'validation',
      field: 'config.builtinTools.1',
      message: expect.stringContaining('"teleport"') as unknown,
    });
    // A built-in named as a platform tool is refused with a pointer to the right field.
    await expect(agents().saveVersion(admin, { agentId: agent.id, config: { ...latest.config, tools: ['plan_read'] } })).rejects.toMatchObject({
      field: 'config.tools.0',
      message: expect.stringContaining('list it in config.builtinTools') as unknown,
    });
    expect((await agents().get(admin, { agentId: agent.id })).latest!.version).toBe(latest.version);
    const saved = await agents().saveVersion(admin, { agentId: agent.id, config: { ...latest.config, builtinTools: ['record_citation', 'plan_read'] } });
    expect(saved.created).toBe(true);
  });

  it('refuses an agent that cannot run (no model, no demo script) at create and at save, naming config.model and the fix', async () => {
    const refusal = { kind: 'validation', field: 'config.model', message: expect.stringMatching(/no model and no demo script.*config\.demoScript/) as unknown };
    await expect(agents().create(admin, { slug: 'cannot-run', name: 'Cannot run', config: { instructions: 'Help.' } })).rejects.toMatchObject(refusal);
    expect((await agents().list(admin)).filter((agent) => agent.slug === 'cannot-run')).toEqual([]);
    const agent = (await agents().list(admin)).find((candidate) => candidate.slug === 'writer')!;
    const latest = (await agents().get(admin, { agentId: agent.id })).latest!;
    const { demoScript: _script, ...withoutScript } = latest.config;
    await expect(agents().saveVersion(admin, { agentId: agent.id, config: withoutScript })).rejects.toMatchObject(refusal);
    expect((await agents().get(admin, { agentId: agent.id })).latest!.version).toBe(latest.version);
    const withModel = await agents().saveVersion(admin, { agentId: agent.id, config: { ...withoutScript, model: { provider: 'openai', model: 'gpt-test' } } });
    expect(withModel.created).toBe(true);
    await expect(agents().create(admin, { slug: 'odd-provider', name: 'Odd', config: { model: { provider: 'mystery', model: 'x' } } })).rejects.toMatchObject({
      kind: 'validation',
      field: 'config.model.provider',
    });
  });

  it('reports a missing version as not found on the version field', async () => {
    const agent = (await agents().list(admin)).find((candidate) => candidate.slug === 'writer')!;
    await expect(agents().version(admin, { agentId: agent.id, version: 99 })).rejects.toMatchObject({ kind: 'not-found', field: 'version' });
  });
});
