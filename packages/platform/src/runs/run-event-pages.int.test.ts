import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { appendRunEvents } from '../events/append-run-events';
import type { StoredRunEvent } from '../events/run-event';
import { createTestPlatform, type TestPlatform } from '../testing';

/**
 * Paging a run's event log (`runEvents.list`, the JSON listing of `/api/v1/runs/:id/events`): the read the
 * live hub and a replay share (ADR 0092). A page holds at most `limit` events after `afterSeq`, in seq order,
 * and says where the next page starts until the log is exhausted.
 */
describe.each(databaseModes)('paging a run event log (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let runId: string;
  let total: number;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const agentId = (
      await test.platform.agents.create(principal, { slug: 'paged', name: 'Paged', config: { demoScript: { replies: [{ text: 'Done.' }] } } })
    ).id;
    // Never executed: its log is what runs.create wrote plus the deltas appended here.
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'page me' });
    runId = run.id;
    const deltas = Array.from({ length: 8 }, (_, index) => ({ type: 'text-delta' as const, payload: { text: `delta ${index}` } }));
    await appendRunEvents(test.platform.database.statements, { id: run.id, tenantId: principal.tenantId }, deltas);
    total = (await test.platform.runEvents.list(principal, { runId, limit: 1_000 })).events.length;
  });
  afterAll(() => test?.dispose());

  it('hands out every event once, in order, a page of at most `limit` at a time, until nextAfterSeq is null', async () => {
    expect(total).toBeGreaterThan(8);
    const pages: StoredRunEvent[][] = [];
    let afterSeq: number | null = 0;
    while (afterSeq !== null) {
      const page: { events: StoredRunEvent[]; nextAfterSeq: number | null } = await test.platform.runEvents.list(principal, { runId, afterSeq, limit: 3 });
      pages.push(page.events);
      afterSeq = page.nextAfterSeq;
      if (afterSeq !== null) expect(afterSeq).toBe(page.events.at(-1)?.seq);
    }
    expect(pages.slice(0, -1).every((page) => page.length === 3)).toBe(true);
    expect(pages.at(-1)!.length).toBeLessThanOrEqual(3);
    expect(pages.flat().map((event) => event.seq)).toEqual(Array.from({ length: total }, (_, index) => index + 1));
    const delta = pages.flat().find((event) => event.type === 'text-delta')!;
    expect(delta).toMatchObject({ runId, payload: { text: 'delta 0' } });
    expect(delta.createdAt).toBeInstanceOf(Date);
  });

  it('starts after the seq it is given and answers an empty last page past the end', async () => {
    const page = await test.platform.runEvents.list(principal, { runId, afterSeq: total - 2, limit: 5 });
    expect(page.events.map((event) => event.seq)).toEqual([total - 1, total]);
    expect(page.nextAfterSeq).toBeNull();
    expect(await test.platform.runEvents.list(principal, { runId, afterSeq: total, limit: 5 })).toEqual({ events: [], nextAfterSeq: null });
  });
});
