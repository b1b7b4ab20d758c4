import { describe, expect, it } from 'vitest';

import { Transport } from '../transport.ts';
import { batchesResource } from './batches-resource.ts';

interface SentRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A transport whose fetch records each request and answers with an empty batch. */
function recordingBatches(): { batches: ReturnType<typeof batchesResource>; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const fetch = (input: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: input instanceof Request ? input.url : input.toString(),
      headers: init?.headers as Record<string, string>,
      body: JSON.parse(init?.body as string),
    });
    return Promise.resolve(new Response(JSON.stringify({ id: 'batch-1' }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
  };
  return { batches: batchesResource(new Transport({ baseUrl: 'http://127.0.0.1:1', apiKey: 'al_test', fetch })), sent };
}

describe('batches.submit idempotency key (ADR 0107)', () => {
  it('sends the key as the Idempotency-Key header, not in the body', async () => {
    const { batches, sent } = recordingBatches();
    await batches.submit({ agentId: 'agent-1', items: [{ input: 'one' }], idempotencyKey: 'nightly-2026-12-06' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['Idempotency-Key']).toBe('nightly-2026-12-06');
    expect(sent[0]!.body).toEqual({ agentId: 'agent-1', items: [{ input: 'one' }] });
  });

  it('sends no Idempotency-Key header without a key', async () => {
    const { batches, sent } = recordingBatches();
    await batches.submit({ agentId: 'agent-1', items: [{ input: 'one' }] });
    expect(Object.keys(sent[0]!.headers)).not.toContain('Idempotency-Key');
    expect(sent[0]!.body).toEqual({ agentId: 'agent-1', items: [{ input: 'one' }] });
  });
});
