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

    it('never returns an item of another level whose id is the one the query names at its own level', async () => {
      const memory = await factory();
      // Stored for end user "agent-1": the id equals the query's agent id, the level does not.
      await memory.store({ scope: { tenantId: 'tenant-1', userId: 'agent-1' }, kind: 'fact', content: 'user level deploy window' });
      expect(await memory.search({ scope: tenant, text: 'deploy window' })).toEqual([]);
    });

    it('keeps an item at the most specific level its scope names, seen by searches that name that level', async () => {
      const memory = await factory();
      const contents = async (scope: Parameters<MemoryPort['search']>[0]['scope']) =>
        (await memory.search({ scope, text: 'vault passphrase' })).map((hit) => hit.item.content).sort();
      // Written from a run of agent-1 for end user user-1: kept for that end user, not for the agent.
      await memory.store({ scope: { ...tenant, userId: 'user-1' }, kind: 'fact', content: 'The vault passphrase of user one is marigold' });
      await memory.store({ scope: tenant, kind: 'fact', content: 'The vault is opened with a passphrase' });
      const both = ['The vault is opened with a passphrase', 'The vault passphrase of user one is marigold'];
      // Naming fewer levels sees fewer items, never more.
      expect(await contents(tenant)).toEqual(['The vault is opened with a passphrase']);
      expect(await contents({ tenantId: 'tenant-1' })).toEqual([]);
      expect(await contents({ ...tenant, userId: 'user-1' })).toEqual(both);
      expect(await contents({ ...tenant, userId: 'user-2' })).toEqual(['The vault is opened with a passphrase']);
      // An end user's memory follows them to another agent of the tenant; the first agent's does not.
      expect(await contents({ tenantId: 'tenant-1', agentId: 'agent-2', userId: 'user-1' })).toEqual(['The vault passphrase of user one is marigold']);
    });

    it('judges a name unknown by the caller’s own memory, whatever another tenant holds', async () => {
      const memory = await factory();
      await memory.store({ scope: { tenantId: 'tenant-2', agentId: 'agent-1' }, kind: 'fact', content: 'The SLO of the Billing API is 99.9 percent' });
      await memory.store({ scope: tenant, kind: 'fact', content: 'The SLO of the Tracking API is 99.95 percent availability' });
      const [hit] = await memory.search({ scope: tenant, text: 'what is the SLO of the Billing API' });
      expect(hit?.item.content).toBe('The SLO of the Tracking API is 99.95 percent availability');
      expect(hit?.parts?.unknownNames).toEqual(['Billing']);
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

    it('returns nothing for a question about something never stored', async () => {
      const memory = await factory();
      await memory.store({ scope: tenant, kind: 'fact', content: 'The deploy window is Tuesday at 14:00 UTC' });
      await memory.store({ scope: tenant, kind: 'fact', content: 'Coffee machine is on floor three' });
      expect(await memory.search({ scope: tenant, text: 'who is our dentist?' })).toEqual([]);
    });

    it('scores by absolute relevance with its parts, not relative to the best hit', async () => {
      const memory = await factory();
      const { id } = await memory.store({ scope: tenant, kind: 'fact', content: 'The deploy window is Tuesday at 14:00 UTC' });
      const [full] = await memory.search({ scope: tenant, text: 'deploy window' });
      const [partial] = await memory.search({ scope: tenant, text: 'deploy window rotation' });
      expect([full?.item.id, partial?.item.id]).toEqual([id, id]);
      // Divided by the top hit, a lone hit would score the same however little of the query it matches.
      expect(partial!.score).toBeLessThan(full!.score);
      for (const hit of [full!, partial!]) {
        expect(hit.parts).toBeDefined();
        expect(hit.parts!.relevance).toBeGreaterThan(0);
        expect(hit.parts!.relevance).toBeLessThanOrEqual(1);
        // Evidence is the better list's score, so never below their blend, and still within 0…1 (ADR 0061).
        expect(hit.parts!.relevance - 1e-9).toBeLessThanOrEqual(hit.parts!.evidence!);
        expect(hit.parts!.evidence).toBeLessThanOrEqual(1);
        expect(hit.score).toBeCloseTo(hit.parts!.relevance + hit.parts!.pinned + hit.parts!.recency + hit.parts!.time, 10);
      }
      expect(partial!.parts!.relevance).toBeLessThan(full!.parts!.relevance);
    });

    it('lowers the relevance of every hit when the query names something no memory holds, and says which name', async () => {
      const memory = await factory();
      const { id } = await memory.store({ scope: tenant, kind: 'fact', content: 'The SLO of the Tracking API is 99.95 percent availability' });
      // The same words; only the capitalised one reads as a name, and no memory holds "billing".
      const [plain] = await memory.search({ scope: tenant, text: 'what is the SLO of the billing API' });
      const [named] = await memory.search({ scope: tenant, text: 'what is the SLO of the Billing API' });
      const [known] = await memory.search({ scope: tenant, text: 'what is the SLO of the Tracking API' });
      expect([plain?.item.id, named?.item.id, known?.item.id]).toEqual([id, id, id]);
      expect(named!.parts!.unknownNames).toEqual(['Billing']);
      expect(plain!.parts!.unknownNames ?? []).toEqual([]);
      expect(known!.parts!.unknownNames ?? []).toEqual([]);
      expect(named!.parts!.relevance).toBeLessThan(plain!.parts!.relevance);
      expect(named!.parts!.evidence).toBeLessThan(plain!.parts!.evidence!);
    });

    it('keeps when an item happened and ranks equally relevant items newest first', async () => {
      const memory = await factory();
      const newer = await memory.store({ scope: tenant, kind: 'fact', content: 'standup moved to the blue room', occurredAt: '2026-05-04T09:00:00.000Z' });
      const older = await memory.store({ scope: tenant, kind: 'fact', content: 'standup moved to the blue room', occurredAt: '2026-01-12T09:00:00.000Z' });
      const hits = await memory.search({ scope: tenant, text: 'where is standup', now: '2026-06-15T12:00:00.000Z' });
      expect(hits.map((hit) => hit.item.id)).toEqual([newer.id, older.id]);
      expect(hits.map((hit) => hit.item.occurredAt)).toEqual(['2026-05-04T09:00:00.000Z', '2026-01-12T09:00:00.000Z']);
    });

    it('ranks first what happened in the time the query names, relative to its reference date', async () => {
      const memory = await factory();
      const march = await memory.store({ scope: tenant, kind: 'fact', content: 'budget decision: freeze hiring', occurredAt: '2026-03-10T10:00:00.000Z' });
      const may = await memory.store({ scope: tenant, kind: 'fact', content: 'budget decision: grow hiring', occurredAt: '2026-05-05T10:00:00.000Z' });
      const now = '2026-06-15T12:00:00.000Z';
      const inMarch = await memory.search({ scope: tenant, text: 'budget decision in March', now });
      expect(inMarch.map((hit) => hit.item.id)).toEqual([march.id, may.id]);
      expect(inMarch.map((hit) => (hit.parts?.time ?? 0) > 0)).toEqual([true, false]);
      const firstWeekOfMay = await memory.search({ scope: tenant, text: 'budget decision in the first week of May', now });
      expect(firstWeekOfMay[0]?.item.id).toBe(may.id);
      // A year later "March" is March 2027: neither item gets the boost.
      const nextYear = await memory.search({ scope: tenant, text: 'budget decision in March', now: '2027-06-15T12:00:00.000Z' });
      expect(nextYear.every((hit) => hit.parts?.time === 0)).toBe(true);
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
