import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestPlatform, type TestPlatform } from '../testing';
import { generateApiKey, hashSecretWithScrypt, parseApiKey } from './api-key-secret';
import { AuthenticationThrottledError } from './authentication-throttled-error';
import type { Principal } from './roles';

const limits = { perAddress: 5, perKey: 3, windowSeconds: 600 };

describe.each(databaseModes)('authentication (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, undefined, { auth: { failureLimits: limits } });
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  async function keyWithRole(role: 'viewer' | 'admin'): Promise<{ key: string; id: string }> {
    const created = await test.platform.apiKeys.create(admin, { name: `${role} ${Math.random()}`, role });
    return { key: created.key, id: created.id };
  }

  it('verifies an old scrypt-hashed key once and stores it as SHA-256 from then on', async () => {
    const { prisma } = test.platform.database;
    const generated = await generateApiKey();
    const { secret } = parseApiKey(generated.plaintext)!;
    const tenant = await prisma.tenant.findFirstOrThrow();
    await prisma.apiKey.create({
      data: { tenantId: tenant.id, name: 'from 0.1', prefix: generated.prefix, secretHash: await hashSecretWithScrypt(secret), role: 'viewer' },
    });
    expect(await test.platform.auth.authenticate(generated.plaintext, {})).toMatchObject({ role: 'viewer' });
    const stored = await prisma.apiKey.findUniqueOrThrow({ where: { prefix: generated.prefix } });
    expect(stored.secretHash).toMatch(/^sha256\$/);
    expect(stored.secretHash).not.toContain(secret);
    expect(await test.platform.auth.authenticate(generated.plaintext, {})).toMatchObject({ role: 'viewer' });
    expect(await test.platform.auth.authenticate(`al_${generated.prefix}_${'x'.repeat(43)}`, {})).toBeNull();
  });

  it('refuses minting, revoking and erasing to a principal whose key was revoked after it authenticated', async () => {
    const doomed = await keyWithRole('admin');
    const principal = (await test.platform.auth.authenticate(doomed.key))!;
    const bystander = await keyWithRole('viewer');
    await test.platform.apiKeys.revoke(admin, { apiKeyId: doomed.id });
    await expect(test.platform.apiKeys.create(principal, { name: 'minted after revoke', role: 'admin' })).rejects.toMatchObject({ kind: 'unauthenticated' });
    await expect(test.platform.apiKeys.revoke(principal, { apiKeyId: bystander.id })).rejects.toMatchObject({ kind: 'unauthenticated' });
    await expect(test.platform.erase.eraseTenant(principal, { confirmTenantId: principal.tenantId })).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(await test.platform.database.prisma.apiKey.count({ where: { name: 'minted after revoke' } })).toBe(0);
    expect(await test.platform.database.prisma.tenant.count()).toBe(1);
  });

  it('keeps sessions as hashed opaque tokens; sign-out and revocation end them', async () => {
    const { prisma } = test.platform.database;
    const { key, id } = await keyWithRole('viewer');
    const signedIn = (await test.platform.auth.signIn(key))!;
    expect(signedIn.token).toMatch(/^als_[A-Za-z0-9_-]{43}$/);
    expect(signedIn.token).not.toContain(parseApiKey(key)!.secret);
    const rows = await prisma.session.findMany({ where: { apiKeyId: id } });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(signedIn.token);
    expect(await test.platform.auth.authenticateSession(signedIn.token)).toMatchObject({ apiKeyId: id, sessionId: rows[0]!.id });

    await test.platform.auth.signOut(signedIn.token);
    expect(await test.platform.auth.authenticateSession(signedIn.token)).toBeNull();

    const second = (await test.platform.auth.signIn(key))!;
    expect(await test.platform.auth.authenticateSession(second.token)).not.toBeNull();
    await test.platform.apiKeys.revoke(admin, { apiKeyId: id });
    expect(await prisma.session.count({ where: { apiKeyId: id } })).toBe(0);
    expect(await test.platform.auth.authenticateSession(second.token)).toBeNull();
  });

  it('refuses a session whose key is revoked even if the session row is still there', async () => {
    const { prisma } = test.platform.database;
    const { key, id } = await keyWithRole('viewer');
    const signedIn = (await test.platform.auth.signIn(key))!;
    await prisma.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
    expect(await test.platform.auth.authenticateSession(signedIn.token, {})).toBeNull();
  });

  it('limits failed attempts per client address with a Retry-After; correct credentials still pass', async () => {
    const { auth } = test.platform;
    const attacker = { clientAddress: '203.0.113.10' };
    for (let attempt = 0; attempt < limits.perAddress; attempt += 1) {
      expect(await auth.authenticate((await generateApiKey()).plaintext, attacker)).toBeNull();
    }
    const refused = await auth.authenticate((await generateApiKey()).plaintext, attacker).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthenticationThrottledError);
    expect((refused as AuthenticationThrottledError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refused as AuthenticationThrottledError).retryAfterSeconds).toBeLessThanOrEqual(limits.windowSeconds);
    await expect(auth.signIn(`al_${'0'.repeat(12)}_${'x'.repeat(43)}`, attacker)).rejects.toBeInstanceOf(AuthenticationThrottledError);
    await expect(auth.authenticateSession(`als_${'a'.repeat(43)}`, attacker)).rejects.toBeInstanceOf(AuthenticationThrottledError);
    // Nobody can lock a user out by failing from the user's address: a correct key is honoured.
    expect(await auth.authenticate(test.adminKey, { ...attacker })).toMatchObject({ role: 'admin' });
    expect(await auth.authenticate((await generateApiKey()).plaintext, { clientAddress: '203.0.113.11' })).toBeNull();
  });

  it('limits failed attempts per existing key from any address, and sign-in counts', async () => {
    const { auth } = test.platform;
    const { key } = await keyWithRole('viewer');
    const prefix = key.split('_')[1]!;
    const wrong = `al_${prefix}_${'w'.repeat(43)}`;
    for (let attempt = 0; attempt < limits.perKey; attempt += 1) {
      expect(await auth.signIn(wrong, { clientAddress: `198.51.100.${attempt}` })).toBeNull();
    }
    await expect(auth.authenticate(wrong, { clientAddress: '198.51.100.200' })).rejects.toBeInstanceOf(AuthenticationThrottledError);
    // The key's owner is not locked out, and other keys are not affected.
    expect(await auth.authenticate(key, { clientAddress: '198.51.100.200' })).toMatchObject({ role: 'viewer' });
    expect(await auth.authenticate(test.adminKey, { clientAddress: '198.51.100.201' })).toMatchObject({ role: 'admin' });
  });
});
