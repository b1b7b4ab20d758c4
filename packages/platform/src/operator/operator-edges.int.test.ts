import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { credentialDigest } from '../auth/api-key-secret';
import { AuthenticationThrottledError } from '../auth/authentication-throttled-error';
import { throttled } from '../auth/testing/throttled';
import type { Logger } from '../logging/logger';
import { createTestPlatform, type TestPlatform } from '../testing';
import { generateOperatorKey } from './operator-key-secret';
import { ensureOperatorKey, rotateOperatorKey } from './operator-keys';

const limits = { perAddress: 5, perKey: 3, windowSeconds: 600 };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const quietLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The operator key's paths at their edges, as `auth-edges.int.test.ts` tests the tenant keys': which
 * key and which session are live, what one sign-in or sign-out may delete, which failures count, and
 * what starting and rotating do to the keys (README, mutation testing, session 32).
 */
describe.each(databaseModes)('operator keys and sessions at their edges (%s)', (mode) => {
  let test: TestPlatform;
  let addressCount = 0;
  /** A client address no other test used: each starts with no failures counted. */
  const freshAddress = () => `198.51.100.${(addressCount += 1)}`;

  // A deadline, not a timing assertion: a fresh embedded database takes minutes on a loaded machine.
  beforeAll(async () => {
    test = await createTestPlatform(mode, undefined, { auth: { failureLimits: limits } });
  }, 600_000);
  afterAll(() => test?.dispose());

  /** A live operator key of its own, beside the instance's: tests that revoke keys leave the others alone. */
  async function operatorKey(name: string): Promise<{ plaintext: string; prefix: string; id: string }> {
    const key = generateOperatorKey();
    const row = await test.platform.database.prisma.operatorKey.create({ data: { name, prefix: key.prefix, secretHash: key.secretHash } });
    return { plaintext: key.plaintext, prefix: key.prefix, id: row.id };
  }

  describe('keys', () => {
    it('authenticates a live key by its own secret only: not a wrong secret, not a revoked key, not a malformed one', async () => {
      const { auth, database } = test.platform;
      const live = await operatorKey('live');
      const other = await operatorKey('other');
      expect(await auth.authenticateOperator(live.plaintext)).toEqual({ operatorKeyId: live.id, operatorKeyName: 'live' });
      // Surrounding whitespace (a key pasted from a file) is not part of the key.
      expect(await auth.authenticateOperator(`  ${live.plaintext}\n`)).toMatchObject({ operatorKeyId: live.id });
      const otherSecret = other.plaintext.slice(`alop_${other.prefix}_`.length);
      expect(await auth.authenticateOperator(`alop_${live.prefix}_${otherSecret}`, { clientAddress: freshAddress() })).toBeNull();
      expect(await auth.authenticateOperator(`${live.plaintext}x`, { clientAddress: freshAddress() })).toBeNull();
      expect(await auth.authenticateOperator(live.plaintext.replace('alop_', 'al_'), { clientAddress: freshAddress() })).toBeNull();

      await database.prisma.operatorKey.update({ where: { id: live.id }, data: { revokedAt: new Date() } });
      expect(await auth.authenticateOperator(live.plaintext, { clientAddress: freshAddress() })).toBeNull();
      expect(await auth.authenticateOperator(other.plaintext)).toMatchObject({ operatorKeyId: other.id, operatorKeyName: 'other' });
    });

    it('counts failures against an existing key’s prefix, revoked or not, and none against a made-up one', async () => {
      const { auth, database } = test.platform;
      const revoked = await operatorKey('revoked');
      await database.prisma.operatorKey.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
      for (let attempt = 0; attempt < limits.perKey; attempt += 1) {
        expect(await auth.authenticateOperator(revoked.plaintext, { clientAddress: freshAddress() })).toBeNull();
      }
      expect(await throttled(auth.authenticateOperator(revoked.plaintext, { clientAddress: freshAddress() }))).toBeInstanceOf(AuthenticationThrottledError);
      // A sign-in is the same attempt, throttled the same way.
      expect(await throttled(auth.signInOperator(revoked.plaintext, { clientAddress: freshAddress() }))).toBeInstanceOf(AuthenticationThrottledError);

      const madeUp = generateOperatorKey();
      expect(await auth.authenticateOperator(madeUp.plaintext, { clientAddress: freshAddress() })).toBeNull();
      expect(await database.prisma.authFailure.count({ where: { subject: `key:operator:${madeUp.prefix}` } })).toBe(0);
      expect(await database.prisma.authFailure.count({ where: { subject: `key:operator:${revoked.prefix}` } })).toBe(1);
      // Counted apart from a tenant key that could share the prefix.
      expect(await database.prisma.authFailure.count({ where: { subject: `key:${revoked.prefix}` } })).toBe(0);
    });

    it('throttles an address’s failures past its limit, whatever it presented, and still honours the right key', async () => {
      const { auth } = test.platform;
      const client = { clientAddress: freshAddress() };
      for (let attempt = 0; attempt < limits.perAddress; attempt += 1) {
        expect(await auth.authenticateOperator(`alop_not-a-key-${attempt}`, client)).toBeNull();
      }
      expect(await throttled(auth.authenticateOperator(generateOperatorKey().plaintext, client))).toBeInstanceOf(AuthenticationThrottledError);
      // Only failures are refused: the right key is honoured from a throttled address (nobody locks an operator out).
      expect(await auth.authenticateOperator(test.operatorKey, client)).not.toBeNull();
    });

    it('records when a key was last used, at most once a minute, on that key only', async () => {
      const { auth, database } = test.platform;
      const used = await operatorKey('used');
      const bystander = await operatorKey('bystander');
      const recently = new Date(Date.now() - 10_000);
      await database.prisma.operatorKey.update({ where: { id: used.id }, data: { lastUsedAt: recently } });
      await auth.authenticateOperator(used.plaintext);
      expect((await database.prisma.operatorKey.findUniqueOrThrow({ where: { id: used.id } })).lastUsedAt).toEqual(recently);

      await database.prisma.operatorKey.update({ where: { id: used.id }, data: { lastUsedAt: minutesAgo(2) } });
      const before = Date.now();
      await auth.authenticateOperator(used.plaintext);
      expect((await database.prisma.operatorKey.findUniqueOrThrow({ where: { id: used.id } })).lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect((await database.prisma.operatorKey.findUniqueOrThrow({ where: { id: bystander.id } })).lastUsedAt).toBeNull();

      // A key never used before gets its first mark.
      await auth.authenticateOperator(bystander.plaintext);
      expect((await database.prisma.operatorKey.findUniqueOrThrow({ where: { id: bystander.id } })).lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    });
  });

  describe('sessions', () => {
    it('refuses a session past its end, and one whose key was revoked', async () => {
      const { auth, database } = test.platform;
      const key = await operatorKey('sessions end');
      const ended = (await auth.signInOperator(key.plaintext))!;
      const live = (await auth.signInOperator(key.plaintext))!;
      expect(ended.expiresAt.getTime()).toBeGreaterThan(Date.now());
      await database.prisma.operatorSession.update({ where: { tokenHash: credentialDigest(ended.token) }, data: { expiresAt: minutesAgo(1) } });
      expect(await auth.authenticateOperatorSession(ended.token)).toBeNull();
      expect(await auth.authenticateOperatorSession(live.token)).toEqual({ operatorKeyId: key.id, operatorKeyName: 'sessions end' });

      // Revoked by hand, not rotated: the session row stays, and the lookup still refuses it.
      await database.prisma.operatorKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
      expect(await auth.authenticateOperatorSession(live.token)).toBeNull();
    });

    it('signs out one session only, and a sign-in drops only sessions that already ended', async () => {
      const { auth, database } = test.platform;
      const mine = await operatorKey('mine');
      const theirs = await operatorKey('theirs');
      const first = (await auth.signInOperator(mine.plaintext))!;
      const other = (await auth.signInOperator(theirs.plaintext))!;
      const ended = (await auth.signInOperator(theirs.plaintext))!;
      await database.prisma.operatorSession.update({ where: { tokenHash: credentialDigest(ended.token) }, data: { expiresAt: minutesAgo(1) } });

      const second = (await auth.signInOperator(mine.plaintext))!;
      expect(await database.prisma.operatorSession.count({ where: { tokenHash: credentialDigest(ended.token) } })).toBe(0);
      expect(await auth.authenticateOperatorSession(first.token)).not.toBeNull();
      expect(await auth.authenticateOperatorSession(other.token)).not.toBeNull();

      await auth.signOutOperator(first.token);
      expect(await auth.authenticateOperatorSession(first.token)).toBeNull();
      expect(await auth.authenticateOperatorSession(second.token)).not.toBeNull();
      expect(await auth.authenticateOperatorSession(other.token)).not.toBeNull();
      // A sign-out with a token of another shape deletes nothing.
      await auth.signOutOperator('alos_');
      await auth.signOutOperator(second.token.slice(0, -1));
      expect(await auth.authenticateOperatorSession(second.token)).not.toBeNull();
    });

    it('counts a well-formed token that opens no session as a failure of its address, and nothing else', async () => {
      const { auth, database } = test.platform;
      const key = await operatorKey('counted');
      const signedIn = (await auth.signInOperator(key.plaintext))!;
      const client = { clientAddress: freshAddress() };
      for (let attempt = 0; attempt <= limits.perAddress; attempt += 1) {
        expect(await auth.authenticateOperatorSession(signedIn.token, client)).not.toBeNull();
        expect(await auth.authenticateOperatorSession(`not-an-operator-session-${attempt}`, client)).toBeNull();
      }
      expect(await database.prisma.authFailure.count({ where: { subject: `address:${client.clientAddress}` } })).toBe(0);

      const madeUp = `alos_${'A'.repeat(43)}`;
      for (let attempt = 0; attempt < limits.perAddress; attempt += 1) expect(await auth.authenticateOperatorSession(madeUp, client)).toBeNull();
      expect(await throttled(auth.authenticateOperatorSession(madeUp, client))).toBeInstanceOf(AuthenticationThrottledError);
      expect(await auth.authenticateOperatorSession(signedIn.token, client)).not.toBeNull();
    });

    it('records when a session was last seen, at most once a minute, on that session only', async () => {
      const { auth, database } = test.platform;
      const key = await operatorKey('seen');
      const used = (await auth.signInOperator(key.plaintext))!;
      const bystander = (await auth.signInOperator(key.plaintext))!;
      const usedHash = credentialDigest(used.token);
      const bystanderHash = credentialDigest(bystander.token);
      await database.prisma.operatorSession.update({ where: { tokenHash: bystanderHash }, data: { lastSeenAt: minutesAgo(3) } });
      const recently = new Date(Date.now() - 10_000);
      await database.prisma.operatorSession.update({ where: { tokenHash: usedHash }, data: { lastSeenAt: recently } });
      await auth.authenticateOperatorSession(used.token);
      expect((await database.prisma.operatorSession.findUniqueOrThrow({ where: { tokenHash: usedHash } })).lastSeenAt).toEqual(recently);

      await database.prisma.operatorSession.update({ where: { tokenHash: usedHash }, data: { lastSeenAt: minutesAgo(2) } });
      const before = Date.now();
      await auth.authenticateOperatorSession(used.token);
      expect((await database.prisma.operatorSession.findUniqueOrThrow({ where: { tokenHash: usedHash } })).lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect((await database.prisma.operatorSession.findUniqueOrThrow({ where: { tokenHash: bystanderHash } })).lastSeenAt.getTime()).toBeLessThan(before - 60_000);
    });
  });

  // Last: these revoke every live key, the instance's included.
  describe('starting and rotating', () => {
    let directory: string;
    beforeAll(async () => {
      directory = await mkdtemp(path.join(tmpdir(), 'agentloom-operator-key-'));
    });
    afterAll(() => rm(directory, { recursive: true, force: true }));

    it('creates a key at start only when none is live, once across processes starting together, and saves it for its owner alone', async () => {
      const { auth, database } = test.platform;
      const liveKeys = () => database.prisma.operatorKey.count({ where: { revokedAt: null } });
      const keyPath = path.join(directory, 'nested', 'operator-key');
      const livesBefore = await liveKeys();
      expect(livesBefore).toBeGreaterThan(0);
      expect(await ensureOperatorKey(database, keyPath, quietLogger)).toEqual({ created: false });
      expect(await liveKeys()).toBe(livesBefore);
      await expect(stat(keyPath)).rejects.toMatchObject({ code: 'ENOENT' });

      await database.prisma.operatorKey.updateMany({ where: { revokedAt: null }, data: { revokedAt: new Date() } });
      const starts = await Promise.all([ensureOperatorKey(database, keyPath, quietLogger), ensureOperatorKey(database, keyPath, quietLogger)]);
      const created = starts.filter((start) => start.created);
      expect(created).toHaveLength(1);
      expect(await liveKeys()).toBe(1);
      const plaintext = created[0]!.operatorKey!;
      expect(plaintext).toMatch(/^alop_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
      expect(await readFile(keyPath, 'utf8')).toBe(`${plaintext}\n`);
      expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
      expect(await auth.authenticateOperator(plaintext)).toMatchObject({ operatorKeyName: 'Instance operator key' });
    });

    it('rotates: every live key revoked and counted, every operator session gone, the new key saved and working', async () => {
      const { auth, database } = test.platform;
      const first = await operatorKey('rotated away 1');
      const second = await operatorKey('rotated away 2');
      const session = (await auth.signInOperator(first.plaintext))!;
      const livesBefore = await database.prisma.operatorKey.count({ where: { revokedAt: null } });
      const revokedBefore = await database.prisma.operatorKey.findMany({ where: { revokedAt: { not: null } }, select: { id: true, revokedAt: true } });
      // A file already there (an earlier key, saved readable by anyone) ends up the owner's alone.
      const keyPath = path.join(directory, 'rotated-key');
      await writeFile(keyPath, 'an earlier key\n', { mode: 0o644 });
      await chmod(keyPath, 0o644);

      const rotated = await rotateOperatorKey(database, keyPath);
      expect(rotated.revoked).toBe(livesBefore);
      expect(await database.prisma.operatorKey.count({ where: { revokedAt: null } })).toBe(1);
      expect(await database.prisma.operatorSession.count()).toBe(0);
      expect(await auth.authenticateOperatorSession(session.token)).toBeNull();
      expect(await auth.authenticateOperator(first.plaintext, { clientAddress: freshAddress() })).toBeNull();
      expect(await auth.authenticateOperator(second.plaintext, { clientAddress: freshAddress() })).toBeNull();
      expect(await auth.authenticateOperator(rotated.operatorKey)).toMatchObject({ operatorKeyName: 'Instance operator key (rotated)' });
      expect(await readFile(keyPath, 'utf8')).toBe(`${rotated.operatorKey}\n`);
      expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
      // Keys revoked before keep the moment they were revoked.
      for (const key of revokedBefore) {
        expect((await database.prisma.operatorKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).toEqual(key.revokedAt);
      }
    });
  });
});

