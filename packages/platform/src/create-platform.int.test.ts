import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { generateApiKey, parseApiKey } from './auth/api-key-secret';
import { createTestPlatform, type TestPlatform } from './testing';

describe.each(databaseModes)('platform foundation (%s)', (mode) => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
  });
  afterAll(() => test?.dispose());

  it('seeds a demo tenant with two demo agents, each with an immutable version 1', async () => {
    const { prisma } = test.platform.database;
    const agents = await prisma.agent.findMany({ include: { versions: true }, orderBy: { slug: 'asc' } });
    expect(agents.map((agent) => agent.slug)).toEqual(['demo-operator', 'demo-researcher']);
    expect(agents.every((agent) => agent.versions.length === 1 && agent.versions[0]?.version === 1)).toBe(true);
  });

  it('stores only a hash of the admin key and authenticates it as admin of the demo tenant', async () => {
    const stored = await test.platform.database.prisma.apiKey.findFirstOrThrow();
    expect(stored.secretHash).toMatch(/^sha256\$/);
    // The secret is base64url, so it may itself hold `_`: take it the way the product parses it.
    const secret = parseApiKey(test.adminKey)?.secret;
    expect(secret).toHaveLength(43);
    expect(stored.secretHash).not.toContain(secret);
    const principal = await test.platform.auth.authenticate(test.adminKey);
    expect(principal).toMatchObject({ role: 'admin', tenantName: 'Demo' });
  });

  it('rejects malformed, unknown and revoked keys', async () => {
    const { auth, database } = test.platform;
    expect(await auth.authenticate('not-a-key')).toBeNull();
    expect(await auth.authenticate((await generateApiKey()).plaintext)).toBeNull();
    const revoked = await generateApiKey();
    const tenant = await database.prisma.tenant.findFirstOrThrow();
    await database.prisma.apiKey.create({
      data: { tenantId: tenant.id, name: 'old', prefix: revoked.prefix, secretHash: revoked.secretHash, role: 'viewer', revokedAt: new Date() },
    });
    expect(await auth.authenticate(revoked.plaintext)).toBeNull();
  });

  it('does not seed twice', async () => {
    const { seedDemoTenant } = await import('./seed/seed-demo-tenant');
    const again = await seedDemoTenant(test.platform.database, undefined, { info: () => undefined, warn: () => undefined, error: () => undefined });
    expect(again.seeded).toBe(false);
    expect(await test.platform.database.prisma.tenant.count()).toBe(1);
  });

  it('reports health with mode, migrations and vector support', async () => {
    const report = await test.platform.health.report();
    expect(report.database.mode).toBe(mode);
    expect(report.migrations.upToDate).toBe(true);
    expect(report.vectorSearch.available).toBe(mode === 'embedded');
    expect(report.status).toBe(mode === 'embedded' ? 'ok' : 'degraded');
  });
});
