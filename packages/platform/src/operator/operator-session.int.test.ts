import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestPlatform, type TestPlatform } from '../testing';
import { rotateOperatorKey } from './operator-keys';

describe.each(databaseModes)('operator console sessions (%s, ADR 0041)', (mode) => {
  let test: TestPlatform;

  // A deadline, not a timing assertion: a fresh embedded database takes minutes on a loaded machine.
  beforeAll(async () => {
    test = await createTestPlatform(mode);
  }, 600_000);
  afterAll(() => test?.dispose());

  it('opens a hashed operator session only for the operator key, never as a tenant session, and signs out', async () => {
    const { auth, database } = test.platform;
    const signedIn = (await auth.signInOperator(test.operatorKey))!;
    expect(signedIn.token).toMatch(/^alos_[A-Za-z0-9_-]{43}$/);
    expect(signedIn.operator).toMatchObject({ operatorKeyName: 'Instance operator key' });
    const row = await database.prisma.operatorSession.findFirstOrThrow({ where: { operatorKeyId: signedIn.operator.operatorKeyId } });
    expect(row.tokenHash).not.toContain(signedIn.token);
    expect(await auth.authenticateOperatorSession(signedIn.token)).toMatchObject({ operatorKeyId: signedIn.operator.operatorKeyId });
    // Neither kind of session is taken for the other.
    expect(await auth.authenticateSession(signedIn.token)).toBeNull();
    const tenantSession = (await auth.signIn(test.adminKey))!;
    expect(await auth.authenticateOperatorSession(tenantSession.token)).toBeNull();
    // A tenant key opens no operator session; a made-up operator key none either.
    expect(await auth.signInOperator(test.adminKey)).toBeNull();
    expect(await auth.signInOperator(`alop_${'0'.repeat(12)}_${'x'.repeat(43)}`)).toBeNull();

    await auth.signOutOperator(signedIn.token);
    expect(await auth.authenticateOperatorSession(signedIn.token)).toBeNull();
  });

  it('ends the sessions of a rotated operator key', async () => {
    const { auth } = test.platform;
    const signedIn = (await auth.signInOperator(test.operatorKey))!;
    const { operatorKey } = await rotateOperatorKey(test.platform.database, undefined);
    expect(await auth.authenticateOperatorSession(signedIn.token)).toBeNull();
    const fresh = (await auth.signInOperator(operatorKey))!;
    expect(await auth.authenticateOperatorSession(fresh.token)).toMatchObject({ operatorKeyName: 'Instance operator key (rotated)' });
  });
});
