import { InMemoryMemoryPort } from '@agentloom/runtime/testing';
import { describe, expect, it } from 'vitest';

import { ReplayMemoryPort } from './replay-memory-port';
import { LiveReadsMemoryPort } from './writeless-memory-port';

const scope = { tenantId: 'tenant', agentId: 'agent' };

describe('a replay’s memory ports', () => {
  it('live reads: searches the live store, acknowledges writes and forgets without touching it', async () => {
    const live = new InMemoryMemoryPort();
    const kept = await live.store({ scope, kind: 'fact', content: 'The customer lives in Lyon.' });
    const port = new LiveReadsMemoryPort(live);
    expect((await port.search({ scope, text: 'Lyon customer' })).map((hit) => hit.item.id)).toEqual([kept.id]);
    expect(await port.store({ scope, kind: 'fact', content: 'The customer moved to Nice.' })).toEqual({ id: 'replay-1' });
    expect(await port.store({ scope, kind: 'fact', content: 'Again.' })).toEqual({ id: 'replay-2' });
    expect(await port.forget(kept.id)).toBe(false);
    expect((await live.search({ scope, text: 'Nice' })).map((hit) => hit.item.content)).not.toContain('The customer moved to Nice.');
    expect((await live.search({ scope, text: 'Lyon customer' })).map((hit) => hit.item.id)).toEqual([kept.id]);
  });

  it('recorded reads: the recorded injections, best score first, whatever the live store holds', async () => {
    const port = new ReplayMemoryPort(
      [
        { id: 'a', kind: 'fact', content: 'Paris', score: 0.2 },
        { id: 'b', kind: 'fact', key: 'customer.language', content: 'French', score: 0.9 },
      ],
      new Date('2026-01-01T00:00:00Z'),
    );
    expect((await port.search({ scope, text: 'anything' })).map((hit) => hit.item.id)).toEqual(['b', 'a']);
    expect(await port.store({ scope, kind: 'fact', content: 'x' })).toEqual({ id: 'replay-1' });
  });
});
