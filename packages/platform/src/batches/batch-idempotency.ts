import { createHash } from 'node:crypto';

import type { Database } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';

/** What a submit's request hash covers: the parsed body, defaults applied, so a replay matches however it spelled them. */
export interface BatchRequest {
  agentId: string;
  agentVersion?: number | undefined;
  name: string;
  concurrency: number;
  texts: string[];
}

/**
 * sha256 of the submit's body without its key (ADR 0107). Items are hashed as their texts, so
 * `"x"` and `{ "input": "x" }` are the same request, as they make the same runs.
 */
export function hashBatchRequest(request: BatchRequest): string {
  const body = {
    agentId: request.agentId,
    agentVersion: request.agentVersion ?? null,
    name: request.name,
    concurrency: request.concurrency,
    items: request.texts,
  };
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/**
 * The id of the batch an earlier submit with this key created, or undefined; the same key with
 * another body is a `conflict` on `idempotencyKey`, so a client reusing a key by mistake is told
 * rather than handed an unrelated batch.
 */
export async function findBatchByIdempotencyKey(database: Database, principal: Principal, key: string, requestHash: string): Promise<string | undefined> {
  const row = await database.prisma.batch.findUnique({
    where: { tenantId_idempotencyKey: { tenantId: principal.tenantId, idempotencyKey: key } },
    select: { id: true, requestHash: true },
  });
  if (!row) return undefined;
  if (row.requestHash !== requestHash) {
    throw new DomainError('conflict', `Idempotency key "${key}" was already used with a different request body`, 'idempotencyKey');
  }
  return row.id;
}
