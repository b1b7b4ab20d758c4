import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTenantAdmin, createTestAgent, createTestPlatform, type TestPlatform } from '../testing';
import type { Principal } from './roles';

/** One page as a caller sees it: the row ids in order and the next cursor, or the error kind. */
type Outcome = { ids: string[]; nextCursor: string | null } | { error: string };

interface PageOptions {
  cursor?: string;
  limit?: number;
}

/** A paginated list, the row of tenant A sorted among tenant B's rows, and (for lists of one parent) B's row under another parent. */
interface Listing {
  name: string;
  page(principal: Principal, options: PageOptions): Promise<{ ids: string[]; nextCursor: string | null }>;
  foreign(): string;
  sibling?: () => string;
}

/** Tenant fixtures the rounds write into: threads for messages, runs for tool calls and decisions, items for injections. */
interface Parents {
  agentId: string;
  thread: string;
  otherThread: string;
  run: string;
  otherRun: string;
  item: string;
  otherItem: string;
}

/** One row of each list, written by one round. */
interface RoundRows {
  thread: string;
  auditEntry: string;
  message: string;
  otherMessage: string;
  memoryItem: string;
  injection: string;
  otherInjection: string;
  decision: string;
  otherDecision: string;
  toolCall: string;
  otherToolCall: string;
}

async function outcome(call: () => Promise<{ ids: string[]; nextCursor: string | null }>): Promise<Outcome> {
  try {
    return await call();
  } catch (error) {
    return { error: (error as { kind?: string }).kind ?? String(error) };
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Prisma positions a `cursor` page on the cursor row without the query's `where`, so every list
 * scopes its cursor to the caller's tenant (and the list's parent) with `tenantCursor`. A cursor
 * naming a row outside that scope must answer exactly as a random id does (an empty last page),
 * or tenant B could probe tenant A's ids and, for threads, watch A's conversations move.
 */
describe.each(databaseModes)('page cursors stay inside the caller’s tenant (%s)', (mode) => {
  let test: TestPlatform;
  let a: Principal;
  let b: Principal;
  let parentsB: Parents;
  /** Rounds in sort order: B, B, A, B, B, so A's rows sit between B's whichever way a list is ordered. */
  const rounds: { tenant: 'a' | 'b'; rows: RoundRows }[] = [];
  const roundOfA = () => rounds[2]!.rows;
  /**
   * B's round after A's: its rows under the other parent are written before its own rows, so they
   * too sit between B's own rows (two before, two after), whichever way a list is ordered.
   */
  const laterRoundOfB = () => rounds[3]!.rows;

  async function createParents(principal: Principal, slug: string): Promise<Parents> {
    const { platform } = test;
    const agentId = await createTestAgent(platform.database, {
      tenantId: principal.tenantId,
      slug,
      config: { instructions: 'Answer.', demoScript: { replies: [{ text: 'Done.' }] } },
    });
    const thread = await platform.threads.create(principal, { agentId, title: `${slug} conversation` });
    const otherThread = await platform.threads.create(principal, { agentId, title: `${slug} other conversation` });
    const { run } = await platform.runs.create(principal, { agentId, input: 'parent run' });
    const { run: otherRun } = await platform.runs.create(principal, { agentId, input: 'other parent run' });
    const item = await platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', content: `${slug} parent fact` });
    const otherItem = await platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', content: `${slug} other parent fact` });
    return { agentId, thread: thread.id, otherThread: otherThread.id, run: run.id, otherRun: otherRun.id, item: item.id, otherItem: otherItem.id };
  }

  async function writeRound(principal: Principal, parents: Parents, round: number): Promise<RoundRows> {
    const { platform } = test;
    const { prisma } = platform.database;
    const tenantId = principal.tenantId;
    const thread = await platform.threads.create(principal, { agentId: parents.agentId, title: `round ${round}` });
    const auditEntry = await prisma.auditLog.findFirstOrThrow({ where: { tenantId, action: 'thread.create', targetId: thread.id }, select: { id: true } });
    // Thread pages follow the run order, so each round's message is in a run of its own.
    const message = async (threadId: string) => {
      const { run } = await platform.runs.create(principal, { agentId: parents.agentId, threadId, input: `round ${round}` });
      return (
        await prisma.message.create({ data: { tenantId, runId: run.id, threadId, index: 0, role: 'user', content: `round ${round}` }, select: { id: true } })
      ).id;
    };
    const memoryItem = await platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', content: `round ${round} fact` });
    const injection = async (memoryItemId: string) =>
      (
        await prisma.memoryInjection.create({
          data: { tenantId, runId: parents.run, memoryItemId, score: 0.5, source: 'auto_injection' },
          select: { id: true },
        })
      ).id;
    const decision = async (runId: string) =>
      (await prisma.memoryDecision.create({ data: { tenantId, runId, event: 'none', reason: `round ${round}` }, select: { id: true } })).id;
    const toolCall = async (runId: string) =>
      (
        await prisma.toolCall.create({
          data: {
            tenantId,
            runId,
            callId: `call-${round}`,
            name: 'lookup',
            implementationId: 'test:lookup',
            sideEffects: 'none',
            arguments: {},
            idempotencyKey: `${runId}:call-${round}`,
          },
          select: { id: true },
        })
      ).id;
    // Rows under the other parent first (see laterRoundOfB).
    const otherMessage = await message(parents.otherThread);
    const otherInjection = await injection(parents.otherItem);
    const otherDecision = await decision(parents.otherRun);
    const otherToolCall = await toolCall(parents.otherRun);
    return {
      thread: thread.id,
      auditEntry: auditEntry.id,
      message: await message(parents.thread),
      otherMessage,
      memoryItem: memoryItem.id,
      injection: await injection(parents.item),
      otherInjection,
      decision: await decision(parents.run),
      otherDecision,
      toolCall: await toolCall(parents.run),
      otherToolCall,
    };
  }

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    a = (await test.platform.auth.authenticate(test.adminKey))!;
    b = await createTenantAdmin(test, { slug: `cursor-b-${randomUUID().slice(0, 8)}` });
    const parentsA = await createParents(a, 'cursor-a');
    parentsB = await createParents(b, 'cursor-b');
    for (const [index, tenant] of (['b', 'b', 'a', 'b', 'b'] as const).entries()) {
      await tick();
      rounds.push({ tenant, rows: await writeRound(tenant === 'a' ? a : b, tenant === 'a' ? parentsA : parentsB, index) });
    }
  });
  afterAll(() => test?.dispose());

  const listings: Listing[] = [
    {
      name: 'threads.list',
      page: async (principal, options) => {
        const page = await test.platform.threads.list(principal, options);
        return { ids: page.threads.map((thread) => thread.id), nextCursor: page.nextCursor };
      },
      foreign: () => roundOfA().thread,
    },
    {
      name: 'threads.messages',
      page: async (principal, options) => {
        const page = await test.platform.threads.messages(principal, { threadId: parentsB.thread, ...options });
        return { ids: page.messages.map((message) => message.id), nextCursor: page.nextCursor };
      },
      foreign: () => roundOfA().message,
      sibling: () => laterRoundOfB().otherMessage,
    },
    {
      name: 'memory.list',
      page: async (principal, options) => {
        const page = await test.platform.memory.list(principal, options);
        return { ids: page.items.map((item) => item.id), nextCursor: page.nextCursor };
      },
      foreign: () => roundOfA().memoryItem,
    },
    {
      name: 'memory.injections',
      page: async (principal, options) => {
        const page = await test.platform.memory.injections(principal, { memoryItemId: parentsB.item, ...options });
        return { ids: page.injections.map((injection) => injection.id), nextCursor: page.nextCursor };
      },
      foreign: () => roundOfA().injection,
      sibling: () => laterRoundOfB().otherInjection,
    },
    {
      name: 'memory.decisions',
      page: async (principal, options) => {
        const page = await test.platform.memory.decisions(principal, options);
        return { ids: page.decisions.map((decision) => decision.id), nextCursor: page.nextCursor };
      },
      foreign: () => roundOfA().decision,
    },
    {
      name: 'memory.decisions of one run',
      page: async (principal, options) => {
        const page = await test.platform.memory.decisions(principal, { runId: parentsB.run, ...options });
        return { ids: page.decisions.map((decision) => decision.id), nextCursor: page.nextCursor };
      },
      foreign: () => roundOfA().decision,
      sibling: () => laterRoundOfB().otherDecision,
    },
    {
      name: 'audit.list',
      page: async (principal, options) => {
        const page = await test.platform.audit.list(principal, options);
        return { ids: page.entries.map((entry) => entry.id), nextCursor: page.nextCursor };
      },
      foreign: () => roundOfA().auditEntry,
    },
    {
      name: 'toolCalls.list',
      page: async (principal, options) => {
        const page = await test.platform.toolCalls.list(principal, { runId: parentsB.run, ...options });
        return { ids: page.toolCalls.map((toolCall) => toolCall.id), nextCursor: page.nextCursor };
      },
      foreign: () => roundOfA().toolCall,
      sibling: () => laterRoundOfB().otherToolCall,
    },
  ];

  it.each(listings)('$name: a cursor naming another tenant’s row answers exactly as an unknown cursor', async (listing) => {
    const unknown = await outcome(() => listing.page(b, { cursor: randomUUID() }));
    expect(unknown).toEqual({ ids: [], nextCursor: null });
    expect(await outcome(() => listing.page(b, { cursor: listing.foreign() }))).toEqual(unknown);
  });

  it.each(listings.filter((listing) => listing.sibling))(
    '$name: a cursor of the same tenant under another parent answers as an unknown cursor',
    async (listing) => {
      const unknown = await outcome(() => listing.page(b, { cursor: randomUUID() }));
      expect(await outcome(() => listing.page(b, { cursor: listing.sibling!() }))).toEqual(unknown);
    },
  );

  it.each(listings)('$name: the tenant’s own cursors page through every row once, in order', async (listing) => {
    const all = await listing.page(b, { limit: 200 });
    // Four rounds of B's rows at least, so a page of two has a next page more than once.
    expect(all.ids.length).toBeGreaterThanOrEqual(4);
    expect(all.nextCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listing.page(b, { limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.ids);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.ids);
  });

  it('threads.list: another tenant’s conversation moving does not move the page its thread id would start', async () => {
    const unknown = await outcome(() =>
      test.platform.threads.list(b, { cursor: randomUUID() }).then(({ threads, nextCursor }) => ({ ids: threads.map((thread) => thread.id), nextCursor })),
    );
    await tick();
    await test.platform.threads.rename(a, { threadId: roundOfA().thread, title: 'renamed by its tenant' });
    const afterActivity = await outcome(() =>
      test.platform.threads.list(b, { cursor: roundOfA().thread }).then(({ threads, nextCursor }) => ({ ids: threads.map((thread) => thread.id), nextCursor })),
    );
    expect(afterActivity).toEqual(unknown);
  });
});
