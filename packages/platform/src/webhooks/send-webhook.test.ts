import { describe, expect, it } from 'vitest';

import { sendWebhook } from './send-webhook';
import type { WebhookTargetGuard } from './webhook-target-guard';

const delivery = {
  id: '00000000-0000-7000-8000-000000000001',
  eventType: 'run.completed',
  payload: { ok: true },
  attempt: 1,
  url: 'http://hook.test/hooks',
  secret: 'whsec_test',
};

describe('sendWebhook', () => {
  it("counts the receiver's name resolution against the time limit: a resolver that never answers fails the attempt", async () => {
    const silentResolver = { assertAllowed: () => new Promise<URL>(() => undefined), lookup: () => undefined } as unknown as WebhookTargetGuard;
    const outcome = await sendWebhook(delivery, silentResolver, 20);
    expect(outcome).toEqual({ succeeded: false, statusCode: null, error: "Resolving the receiver's address took longer than 20 ms" });
  });

  it('sends nothing when the attempt no longer holds its delivery (its run was erased meanwhile)', async () => {
    let connected = false;
    const guard = {
      assertAllowed: () => Promise.resolve(new URL(delivery.url)),
      lookup: () => {
        connected = true;
      },
    } as unknown as WebhookTargetGuard;
    const outcome = await sendWebhook(delivery, guard, 10_000, () => Promise.resolve(false));
    expect(outcome).toMatchObject({ succeeded: false, statusCode: null, error: expect.stringContaining('Not sent') as unknown });
    expect(connected).toBe(false);
  });
});
