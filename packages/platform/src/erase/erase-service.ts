import { rawSqlFor, type Database, type Prisma } from '@agentloom/db';
import { z } from 'zod';

import { recordAudit } from '../audit/record-audit';
import { assertCredentialCurrent } from '../auth/assert-credential-current';
import { notifyCredentialsChanged } from '../auth/credential-invalidation';
import { roleAtLeast, type Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import type { RunEventHub } from '../events/run-event-hub';
import type { Logger } from '../logging/logger';
import { notifyTenantErased } from '../metrics/erased-tenant-series';
import { parseInput } from '../validation/parse-input';
import type { EraseReceipt } from './erase-receipt';
import { holdEraseFenceExclusive } from './erase-fence';
import { lockErasableRuns } from './derived-runs';
import { eraseRows } from './erase-rows';
import { activeStatuses, refuseActive } from './refuse-active';

const runInput = z.object({ runId: z.uuid() });
const threadInput = z.object({ threadId: z.uuid() });
const tenantInput = z.object({ confirmTenantId: z.uuid() });

/**
 * How long one erase's transaction may take. Prisma's default is 5 s, after which it rolls the transaction
 * back: a run of ~100,000 steps, or a tenant with that much, could then never be erased. An erase is one
 * transaction on purpose (all or nothing), so it gets the time its rows take.
 */
export const eraseTransactionTimeoutMs = 10 * 60_000;
const eraseTransaction = { timeout: eraseTransactionTimeoutMs };

type Actor = Principal | { tenantId: string; system: string };

/**
 * Erasure (right to be forgotten): a run, a thread or a whole tenant, with every row in every store
 * — messages, tool calls, events, checkpoints, approvals, memory items, episodes, injections,
 * embeddings, webhook deliveries — and every copy of their content elsewhere (thread history seeded
 * into later runs, memory carried into other prompts, audit before/after), in one transaction per
 * unit, audit-logged, returning a receipt with counts per table touched. The retention sweeper
 * erases through `eraseRunAs`, so it removes exactly what an operator's erase removes.
 */
/**
 * A whole-tenant erase locks the tenant row before it takes the erase fence. `NO KEY UPDATE`, not
 * `UPDATE`: it queues behind a change that holds the row `FOR SHARE` (assertCredentialCurrent) and
 * behind a second erase, but not behind the key-share locks that inserting any row of the tenant
 * takes (foreign keys). A writer holding the shared fence takes those while this waits for the fence,
 * so `FOR UPDATE` here would deadlock with it.
 */
const lockTenantForErase = 'SELECT id FROM tenants WHERE id = $1::uuid FOR NO KEY UPDATE';

/** What an erase does to the streams tailing the runs it erased once it commits (this process's `RunEventHub`). */
export type ErasedRunStreams = Pick<RunEventHub, 'endErasedRuns'>;

export class EraseService {
  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    /**
     * Ends this process's streams of the erased runs as soon as the erase commits (ADR 0104). Other processes
     * hear it from the erase's notification; this one does not wait for its own, so no read of a stream here
     * after the erase returned can hand out what that stream had buffered.
     */
    private readonly runStreams?: ErasedRunStreams,
  ) {}

  /** The run, and the retries, re-runs and forks made from it (they start from copies of its content). */
  async eraseRun(principal: Principal, rawInput: unknown): Promise<EraseReceipt> {
    requireRole(principal, 'operator');
    const { runId } = parseInput(runInput, rawInput);
    return this.eraseRunAs(principal, runId, { withDerivedRuns: true });
  }

  /**
   * Also used by the retention sweeper (a system actor), which erases each run when its own period
   * ends: a re-run made yesterday of an expired run is kept until its own period ends, so it passes
   * `withDerivedRuns: false`.
   */
  async eraseRunAs(actor: Actor, runId: string, options: { withDerivedRuns: boolean } = { withDerivedRuns: false }): Promise<EraseReceipt> {
    return this.eraseInTransaction(async (transaction, onRunsErased) => {
      if ('apiKeyId' in actor) await assertCredentialCurrent(transaction, actor);
      await holdEraseFenceExclusive(transaction, actor.tenantId);
      const runs = await lockErasableRuns(transaction, actor.tenantId, [runId], { followDerived: options.withDerivedRuns });
      if (!runs.some((run) => run.id === runId)) throw new DomainError('not-found', `Run ${runId} not found`, 'runId');
      refuseActive(runs, runId, 'runId');
      const counts = await eraseRows(transaction, {
        tenantId: actor.tenantId,
        runIds: runs.map((erased) => erased.id),
        threadIds: [],
        vectorAvailable: this.database.vector.available,
        subject: { field: 'runId', id: runId },
        onRunsErased,
      });
      return this.receipt(transaction, actor, 'run', runId, counts);
    });
  }

  async eraseThread(principal: Principal, rawInput: unknown): Promise<EraseReceipt> {
    requireRole(principal, 'operator');
    const { threadId } = parseInput(threadInput, rawInput);
    return this.eraseInTransaction(async (transaction, onRunsErased) => {
      await assertCredentialCurrent(transaction, principal);
      await holdEraseFenceExclusive(transaction, principal.tenantId);
      const thread = await transaction.thread.findFirst({ where: { id: threadId, tenantId: principal.tenantId }, select: { id: true } });
      if (!thread) throw new DomainError('not-found', `Thread ${threadId} not found`, 'threadId');
      const ofThread = await transaction.run.findMany({ where: { threadId, tenantId: principal.tenantId }, select: { id: true } });
      let runs = await lockErasableRuns(
        transaction,
        principal.tenantId,
        ofThread.map((run) => run.id),
        { followDerived: true },
      );
      // A run created in the thread while those locks were taken was not read; the thread's delete would take
      // it by cascade, unchecked and uncounted (an audit). Locked, the thread takes no new run until this
      // commits (an insert needs a key-share lock on it), so one more read finds every run it has.
      await rawSqlFor(transaction).query('SELECT id FROM threads WHERE id = $1::uuid FOR UPDATE', threadId);
      const locked = new Set(runs.map((run) => run.id));
      const added = await transaction.run.findMany({ where: { threadId, tenantId: principal.tenantId, id: { notIn: [...locked] } }, select: { id: true } });
      if (added.length > 0) runs = await lockErasableRuns(transaction, principal.tenantId, [...locked, ...added.map((run) => run.id)], { followDerived: true });
      refuseActive(runs, threadId, 'threadId');
      const counts = await eraseRows(transaction, {
        tenantId: principal.tenantId,
        runIds: runs.map((run) => run.id),
        threadIds: [threadId],
        vectorAvailable: this.database.vector.available,
        subject: { field: 'threadId', id: threadId },
        onRunsErased,
      });
      return this.receipt(transaction, principal, 'thread', threadId, counts);
    });
  }

  /**
   * Everything of the caller's tenant, the tenant itself included; the caller repeats the tenant id
   * to confirm. The tenant's audit log goes with it, so this erase is logged to the process log.
   */
  async eraseTenant(principal: Principal, rawInput: unknown): Promise<EraseReceipt> {
    requireRole(principal, 'admin');
    const { confirmTenantId } = parseInput(tenantInput, rawInput);
    if (confirmTenantId !== principal.tenantId) throw new DomainError('validation', 'confirmTenantId must be your own tenant id', 'confirmTenantId');
    const receipt = await this.eraseWholeTenant(principal.tenantId, async (transaction) => {
      // The tenant row first: two admins erasing at once queue here, instead of each holding it FOR SHARE
      // (assertCredentialCurrent) and then waiting for the other to let go so it can delete it.
      await transaction.$queryRawUnsafe(lockTenantForErase, principal.tenantId);
      await assertCredentialCurrent(transaction, principal);
    });
    this.logger.warn(`Tenant ${principal.tenantId} erased by API key ${principal.apiKeyId}`, { receipt });
    return receipt;
  }

  /**
   * Erases a tenant on the instance operator's behalf (`TenantService.erase`): the same rows, in one
   * transaction, as a tenant admin's own erase. Queued or running work is refused as for a run.
   */
  async eraseTenantAsOperator(tenantId: string, operatorActor: string): Promise<EraseReceipt> {
    const receipt = await this.eraseWholeTenant(tenantId, async (transaction) => {
      const found = await transaction.$queryRawUnsafe<{ id: string }[]>(lockTenantForErase, tenantId);
      if (found.length === 0) throw new DomainError('not-found', `Tenant ${tenantId} not found`, 'tenantId');
      const active = await transaction.run.count({ where: { tenantId, status: { in: [...activeStatuses] } } });
      if (active > 0)
        throw new DomainError(
          'conflict',
          `Tenant ${tenantId} has ${active} queued or running run(s); cancel them (or suspend the tenant and wait) first.`,
          'tenantId',
        );
    });
    this.logger.warn(`Tenant ${tenantId} erased by ${operatorActor}`, { receipt });
    return receipt;
  }

  /** Every row of the tenant, after `check` ran inside the same transaction. */
  private eraseWholeTenant(tenantId: string, check: (transaction: Prisma.TransactionClient) => Promise<void>): Promise<EraseReceipt> {
    return this.eraseInTransaction(async (transaction, onRunsErased) => {
      await check(transaction);
      await holdEraseFenceExclusive(transaction, tenantId);
      const runs = await transaction.run.findMany({ where: { tenantId }, select: { id: true } });
      const threads = await transaction.thread.findMany({ where: { tenantId }, select: { id: true } });
      const counts = await eraseRows(transaction, {
        tenantId,
        runIds: runs.map((run) => run.id),
        threadIds: threads.map((thread) => thread.id),
        vectorAvailable: this.database.vector.available,
        redactCopies: false,
        onRunsErased,
      });
      // Whatever is left of the tenant: memory of other levels, and the tenant's own configuration.
      counts['memory_embedding'] =
        (counts['memory_embedding'] ?? 0) +
        (this.database.vector.available
          ? await transaction.$executeRawUnsafe('DELETE FROM agentloom_vector.memory_embedding WHERE tenant_id = $1::uuid', tenantId)
          : 0);
      counts['memory_injections'] = (counts['memory_injections'] ?? 0) + (await transaction.memoryInjection.deleteMany({ where: { tenantId } })).count;
      counts['memory_items'] = (counts['memory_items'] ?? 0) + (await transaction.memoryItem.deleteMany({ where: { tenantId } })).count;
      counts['webhook_deliveries'] = (counts['webhook_deliveries'] ?? 0) + (await transaction.webhookDelivery.deleteMany({ where: { tenantId } })).count;
      counts['webhook_endpoints'] = (await transaction.webhookEndpoint.deleteMany({ where: { tenantId } })).count;
      counts['mcp_servers'] = (await transaction.mcpServer.deleteMany({ where: { tenantId } })).count;
      counts['agent_versions'] = (await transaction.agentVersion.deleteMany({ where: { tenantId } })).count;
      counts['agents'] = (await transaction.agent.deleteMany({ where: { tenantId } })).count;
      counts['sessions'] = (await transaction.session.deleteMany({ where: { tenantId } })).count;
      counts['api_keys'] = (await transaction.apiKey.deleteMany({ where: { tenantId } })).count;
      // Every process forgets the tenant's cached keys and sessions when this commits.
      await notifyCredentialsChanged(transaction, `tenant:${tenantId}`);
      // And drops the tenant's metric series (its id, agent slugs and tool names label them).
      await notifyTenantErased(transaction, tenantId);
      counts['audit_logs'] = (await transaction.auditLog.deleteMany({ where: { tenantId } })).count;
      counts['tenants'] = (await transaction.tenant.deleteMany({ where: { id: tenantId } })).count;
      return { unit: 'tenant' as const, id: tenantId, tenantId, counts, erasedAt: new Date().toISOString() };
    });
  }

  /**
   * One erase, in one transaction; once it has committed, this process's streams of the runs it erased end
   * (a rolled-back erase ends nothing). `eraseRows` reports the runs, replays included.
   */
  private async eraseInTransaction<Result>(
    work: (transaction: Prisma.TransactionClient, onRunsErased: (runIds: readonly string[]) => void) => Promise<Result>,
  ): Promise<Result> {
    // Lists, not one spread array: a tenant erase may name more runs than a call takes arguments.
    const erased: (readonly string[])[] = [];
    const result = await this.database.prisma.$transaction((transaction) => work(transaction, (runIds) => erased.push(runIds)), eraseTransaction);
    for (const runIds of erased) this.runStreams?.endErasedRuns(runIds);
    return result;
  }

  private async receipt(
    transaction: Prisma.TransactionClient,
    actor: Actor,
    unit: 'run' | 'thread',
    id: string,
    counts: Record<string, number>,
  ): Promise<EraseReceipt> {
    const receipt: EraseReceipt = { unit, id, tenantId: actor.tenantId, counts, erasedAt: new Date().toISOString() };
    await recordAudit(transaction, actor, { action: `${unit}.erase`, targetType: unit, targetId: id, after: { counts } });
    return receipt;
  }
}

function requireRole(principal: Principal, role: 'operator' | 'admin'): void {
  if (!roleAtLeast(principal.role, role)) throw new DomainError('forbidden', `Erasing needs the ${role} role; your key has ${principal.role}.`);
}
