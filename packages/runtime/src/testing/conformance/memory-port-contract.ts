import type { MemoryPort } from '../../contracts/stores';
import type { ContractTestApi, StoreFactory } from './contract-test-api';

const tenant = { tenantId: 'tenant-1', agentId: 'agent-1' };

/** The behaviour every MemoryPort must show; ranking beyond "relevant first" is the implementation's choice. */
export function describeMemoryPortContract(factory: StoreFactory<MemoryPort>, { describe, it, expect }: ContractTestApi): void {
  describe('MemoryPort contract', () => {
    it('finds a stored item by its words and ranks the relevant item first', async () => {
      const memory = await factory();
      const { id } = await memory.store({ scope: tenant, kind: 'fact', content: 'The deploy window is Tuesday at 14:00 UTC' });
      await memory.store({ scope: tenant, kind: 'fact', content: 'Coffee machine is on floor three' });
      const hits = await memory.search({ scope: tenant, text: 'when is the deploy window' });
      expect(hits.length).toBeGreaterThan(0);
      expect(hits[0]?.item.id).toBe(id);
      expect(hits[0]?.item.content).toBe('The deploy window is Tuesday at 14:00 UTC');
    });

    it('never returns items of another tenant or agent', async () => {
      const memory = await factory();
      await memory.store({ scope: { tenantId: 'tenant-2', agentId: 'agent-1' }, kind: 'fact', content: 'secret deploy window' });
      await memory.store({ scope: { tenantId: 'tenant-1', agentId: 'agent-2' }, kind: 'fact', content: 'other agent deploy window' });
      expect(await memory.search({ scope: tenant, text: 'deploy window' })).toEqual([]);
    });

    it('supersedes an item stored again with the same key and scope', async () => {
      const memory = await factory();
      await memory.store({ scope: tenant, kind: 'fact', key: 'deploy-window', content: 'deploy window Monday' });
      await memory.store({ scope: tenant, kind: 'fact', key: 'deploy-window', content: 'deploy window Friday' });
      const hits = await memory.search({ scope: tenant, text: 'deploy window' });
      expect(hits.map((hit) => hit.item.content)).toEqual(['deploy window Friday']);
    });

    it('respects the limit and kind filter', async () => {
      const memory = await factory();
      for (const day of ['Monday', 'Tuesday', 'Wednesday']) await memory.store({ scope: tenant, kind: 'fact', content: `standup ${day}` });
      await memory.store({ scope: tenant, kind: 'procedure', content: 'standup procedure: speak briefly' });
      expect(await memory.search({ scope: tenant, text: 'standup', limit: 2 })).toHaveLength(2);
      const procedures = await memory.search({ scope: tenant, text: 'standup', kinds: ['procedure'] });
      expect(procedures.map((hit) => hit.item.kind)).toEqual(['procedure']);
    });

    it('forgets an item and reports whether it existed', async () => {
      const memory = await factory();
      const { id } = await memory.store({ scope: tenant, kind: 'fact', content: 'temporary deploy note' });
      expect(await memory.forget(id)).toBe(true);
      expect(await memory.forget(id)).toBe(false);
      expect(await memory.search({ scope: tenant, text: 'temporary deploy note' })).toEqual([]);
    });
  });
}
