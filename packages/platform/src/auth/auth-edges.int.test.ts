import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestPlatform, type TestPlatform } from '../testing';
import { generateApiKey, hashSecretWithScrypt, parseApiKey } from './api-key-secret';
import { AuthFailureLimiter } from './auth-failure-limiter';
import { AuthenticationThrottledError } from './authentication-throttled-error';
import { throttled } from './testing/throttled';
import type { Principal } from './roles';

const limits = { perAddress: 5, perKey: 3, windowSeconds: 600 };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * The edges of authentication that Stryker found untested (README, mutation testing, session 31):
 * ended sessions, what one sign-in or sign-out may touch, which attempts count as failures, and what
 * a legacy key's rewrite may change.
 */
describe.each(databaseModes)('authentication at its edges (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;
  let addressCount = 0;
  /** A client address no other test used: each starts with no failures counted. */
  const freshAddress = () => `192.0.2.${(addressCount += 1)}`;

  beforeAll(async () => {
    test = await createTestPlatform(mode, undefined, { auth: { failureLimits: limits } });
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  async function keyWithRole(role: 'viewer' | 'operator' | 'admin'): Promise<{ key: string; id: string; name: string }> {
    const name = `${role} ${addressCount}-${Math.random()}`;
    const created = await test.platform.apiKeys.create(admin, { name, role });
    return { key: created.key, id: created.id, name };
  }

  describe('sessions', () => {
    it('refuses a session past its end, and a sensitive change made through it', async () => {
      const { prisma } = test.platform.database;
      const { key } = await keyWithRole('admin');
      const signedIn = (await test.platform.auth.signIn(key))!;
      await prisma.session.update({ where: { id: signedIn.principal.sessionId! }, data: { expiresAt: minutesAgo(1) } });
      expect(await test.platform.auth.authenticateSession(signedIn.token)).toBeNull();
      await expect(test.platform.apiKeys.create(signedIn.principal, { name: 'minted through an ended session', role: 'admin' })).rejects.toMatchObject({
        kind: 'unauthenticated',
        message: 'Your session has ended; sign in again.',
      });
    });

    it('refuses a sensitive change through a session signed out after it authenticated, not before', async () => {
      const { key } = await keyWithRole('admin');
      const signedIn = (await test.platform.auth.signIn(key))!;
      const principal = (await test.platform.auth.authenticateSession(signedIn.token))!;
      await expect(test.platform.apiKeys.create(principal, { name: 'minted through a live session', role: 'viewer' })).resolves.toMatchObject({ role: 'viewer' });
      await test.platform.auth.signOut(signedIn.token);
      await expect(test.platform.apiKeys.create(principal, { name: 'minted after sign-out', role: 'admin' })).rejects.toMatchObject({
        kind: 'unauthenticated',
      });
      expect(await test.platform.database.prisma.apiKey.count({ where: { name: 'minted after sign-out' } })).toBe(0);
    });

    it('gives a session the key’s own role, name and tenant', async () => {
      const { key, id, name } = await keyWithRole('operator');
      const signedIn = (await test.platform.auth.signIn(key))!;
      const expected = { tenantId: admin.tenantId, tenantName: admin.tenantName, apiKeyId: id, apiKeyName: name, role: 'operator' };
      expect(signedIn.principal).toMatchObject(expected);
      expect(signedIn.principal.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await test.platform.auth.authenticateSession(signedIn.token)).toMatchObject({ ...expected, sessionId: signedIn.principal.sessionId });
    });

    it('signs out one session only, and a sign-in drops only sessions that already ended', async () => {
      const { prisma } = test.platform.database;
      const mine = await keyWithRole('viewer');
      const theirs = await keyWithRole('viewer');
      const first = (await test.platform.auth.signIn(mine.key))!;
      const other = (await test.platform.auth.signIn(theirs.key))!;
      const ended = (await test.platform.auth.signIn(theirs.key))!;
      await prisma.session.update({ where: { id: ended.principal.sessionId! }, data: { expiresAt: minutesAgo(1) } });

      const second = (await test.platform.auth.signIn(mine.key))!;
      expect(await prisma.session.count({ where: { id: ended.principal.sessionId! } })).toBe(0);
      expect(await test.platform.auth.authenticateSession(first.token)).not.toBeNull();
      expect(await test.platform.auth.authenticateSession(other.token)).not.toBeNull();

      await test.platform.auth.signOut(first.token);
      expect(await test.platform.auth.authenticateSession(first.token)).toBeNull();
      expect(await test.platform.auth.authenticateSession(second.token)).not.toBeNull();
      expect(await test.platform.auth.authenticateSession(other.token)).not.toBeNull();
    });

    it('counts neither a live session nor a cookie of another format as a failed attempt', async () => {
      const { key } = await keyWithRole('viewer');
      const signedIn = (await test.platform.auth.signIn(key))!;
      const client = { clientAddress: freshAddress() };
      for (let attempt = 0; attempt <= limits.perAddress; attempt += 1) {
        expect(await test.platform.auth.authenticateSession(signedIn.token, client)).not.toBeNull();
        expect(await test.platform.auth.authenticateSession(`al_not-a-session-${attempt}`, client)).toBeNull();
      }
      const rows = await test.platform.database.prisma.authFailure.findMany({ where: { subject: `address:${client.clientAddress}` } });
      expect(rows).toEqual([]);
    });

    it('records when a session was last seen, at most once a minute', async () => {
      const { prisma } = test.platform.database;
      const { key } = await keyWithRole('viewer');
      const signedIn = (await test.platform.auth.signIn(key))!;
      const sessionId = signedIn.principal.sessionId!;
      const bystander = (await test.platform.auth.signIn(key))!.principal.sessionId!;
      await prisma.session.update({ where: { id: bystander }, data: { lastSeenAt: minutesAgo(3) } });
      const recently = new Date(Date.now() - 10_000);
      await prisma.session.update({ where: { id: sessionId }, data: { lastSeenAt: recently } });
      await test.platform.auth.authenticateSession(signedIn.token);
      expect((await prisma.session.findUniqueOrThrow({ where: { id: sessionId } })).lastSeenAt).toEqual(recently);

      await prisma.session.update({ where: { id: sessionId }, data: { lastSeenAt: minutesAgo(2) } });
      const before = Date.now();
      await test.platform.auth.authenticateSession(signedIn.token);
      expect((await prisma.session.findUniqueOrThrow({ where: { id: sessionId } })).lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      // Only the session that was used.
      expect((await prisma.session.findUniqueOrThrow({ where: { id: bystander } })).lastSeenAt.getTime()).toBeLessThan(before - 60_000);
    });
  });

  describe('keys', () => {
    it('rewrites a legacy key’s hash only on its own row', async () => {
      const { prisma } = test.platform.database;
      const legacyKey = async (name: string) => {
        const generated = await generateApiKey();
        const { secret } = parseApiKey(generated.plaintext)!;
        await prisma.apiKey.create({
          data: { tenantId: admin.tenantId, name, prefix: generated.prefix, secretHash: await hashSecretWithScrypt(secret), role: 'viewer' },
        });
        return generated;
      };
      const used = await legacyKey('legacy used');
      const untouched = await legacyKey('legacy untouched');
      const untouchedHash = (await prisma.apiKey.findUniqueOrThrow({ where: { prefix: untouched.prefix } })).secretHash;

      expect(await test.platform.auth.authenticate(used.plaintext)).toMatchObject({ apiKeyName: 'legacy used' });
      expect((await prisma.apiKey.findUniqueOrThrow({ where: { prefix: untouched.prefix } })).secretHash).toBe(untouchedHash);
      expect(await test.platform.auth.authenticate(untouched.plaintext)).toMatchObject({ apiKeyName: 'legacy untouched' });
      // The used key's secret opens no other row.
      const usedSecret = parseApiKey(used.plaintext)!.secret;
      expect(await test.platform.auth.authenticate(`al_${untouched.prefix}_${usedSecret}`, { clientAddress: freshAddress() })).toBeNull();
    });

    it('counts failures against a revoked key’s prefix, and none against a prefix that does not exist', async () => {
      const { prisma } = test.platform.database;
      const { key, id } = await keyWithRole('viewer');
      await test.platform.apiKeys.revoke(admin, { apiKeyId: id });
      const prefix = parseApiKey(key)!.prefix;
      for (let attempt = 0; attempt < limits.perKey; attempt += 1) {
        expect(await test.platform.auth.authenticate(key, { clientAddress: freshAddress() })).toBeNull();
      }
      expect(await throttled(test.platform.auth.authenticate(key, { clientAddress: freshAddress() }))).toBeInstanceOf(AuthenticationThrottledError);

      const madeUp = await generateApiKey();
      expect(await test.platform.auth.authenticate(madeUp.plaintext, { clientAddress: freshAddress() })).toBeNull();
      expect(await prisma.authFailure.count({ where: { subject: `key:${madeUp.prefix}` } })).toBe(0);
      expect(await prisma.authFailure.count({ where: { subject: `key:${prefix}` } })).toBe(1);
    });

    it('records when a key was last used, at most once a minute', async () => {
      const { prisma } = test.platform.database;
      const { key, id } = await keyWithRole('viewer');
      const recently = new Date(Date.now() - 10_000);
      await prisma.apiKey.update({ where: { id }, data: { lastUsedAt: recently } });
      await test.platform.auth.authenticate(key);
      expect((await prisma.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt).toEqual(recently);

      await prisma.apiKey.update({ where: { id }, data: { lastUsedAt: minutesAgo(2) } });
      const before = Date.now();
      await test.platform.auth.authenticate(key);
      expect((await prisma.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    });
  });

  describe('failure limits', () => {
    it('never throttles attempts that name no address and no existing key', async () => {
      for (let attempt = 0; attempt <= limits.perAddress + 1; attempt += 1) {
        expect(await test.platform.auth.authenticate((await generateApiKey()).plaintext, { clientAddress: null })).toBeNull();
      }
    });

    it('answers with the longest wait among the limits that were passed', async () => {
      const { prisma } = test.platform.database;
      const { key } = await keyWithRole('viewer');
      const prefix = parseApiKey(key)!.prefix;
      const wrong = `al_${prefix}_${'w'.repeat(43)}`;
      const client = { clientAddress: freshAddress() };
      for (let attempt = 0; attempt < limits.perAddress; attempt += 1) await test.platform.auth.authenticate((await generateApiKey()).plaintext, client);
      for (let attempt = 0; attempt < limits.perKey; attempt += 1) await test.platform.auth.authenticate(wrong, { clientAddress: freshAddress() });
      // The key's window ends in about 60 s (room for a slow machine), the address's in about 600.
      await prisma.authFailure.update({ where: { subject: `key:${prefix}` }, data: { windowStartedAt: new Date(Date.now() - (limits.windowSeconds - 60) * 1_000) } });
      const refusal = await throttled(test.platform.auth.authenticate(wrong, client));
      expect(refusal!.retryAfterSeconds).toBeGreaterThan(limits.windowSeconds / 2);
    });

    it('deletes ended windows once every 256 recorded failures', async () => {
      const { prisma } = test.platform.database;
      const limiter = new AuthFailureLimiter(test.platform.database, { perAddress: 1_000_000, perKey: 1_000_000, windowSeconds: 60 });
      await prisma.authFailure.create({ data: { subject: 'address:ended-window', windowStartedAt: minutesAgo(5), failures: 3 } });
      for (let failure = 1; failure < 256; failure += 1) await limiter.recordFailure({ clientAddress: 'limiter-cleanup' });
      expect(await prisma.authFailure.count({ where: { subject: 'address:ended-window' } })).toBe(1);
      await limiter.recordFailure({ clientAddress: 'limiter-cleanup' });
      expect(await prisma.authFailure.count({ where: { subject: 'address:ended-window' } })).toBe(0);
      expect(await prisma.authFailure.count({ where: { subject: 'address:limiter-cleanup' } })).toBe(1);
    });
  });
});
