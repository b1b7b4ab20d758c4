import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import type { Principal } from './roles';

/**
 * A session that ends by time notifies nobody, unlike a sign-out or a revoke. Before, a stream opened
 * under it (an SSE run stream, a tRPC subscription, `activity.live`, which never ends by itself) kept
 * running until some other credential change made the watch re-read. The watch now re-reads when
 * the earliest watched session ends. Sessions here live two seconds; the test waits for states.
 */
describe.each(databaseModes)('a stream opened under a console session that then expires (%s)', (mode) => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { auth: { sessionLifetimeMs: 2_000 } });
  });
  afterAll(async () => {
    await test?.dispose();
  });

  async function expectEndedWithItsSession(token: string, principal: Principal): Promise<void> {
    const underSession = new AbortController();
    test.platform.auth.endWhenRevoked(principal, underSession);
    const underKey = new AbortController();
    test.platform.auth.endWhenRevoked((await test.platform.auth.authenticate(test.adminKey))!, underKey);

    await expect.poll(() => test.platform.auth.authenticateSession(token), { timeout: 60_000, interval: 200 }).toBeNull();
    await expect.poll(() => underSession.signal.aborted, { timeout: 60_000, interval: 200 }).toBe(true);
    expect(underKey.signal.aborted).toBe(false);
    underKey.abort();
  }

  it('ends the stream of the sign-in itself; a stream of the bare key goes on', async () => {
    const signedIn = (await test.platform.auth.signIn(test.adminKey))!;
    await expectEndedWithItsSession(signedIn.token, signedIn.principal);
  });

  it('ends the stream of a later request, authenticated from the session cookie as the console does', async () => {
    const signedIn = (await test.platform.auth.signIn(test.adminKey))!;
    await expectEndedWithItsSession(signedIn.token, (await test.platform.auth.authenticateSession(signedIn.token))!);
  });
});
