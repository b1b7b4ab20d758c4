import type { Prisma, PrismaClient } from '@agentloom/db';

/** A delivery this process now holds a lease on, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  eventType: string;
  payload: Prisma.JsonValue;
  /** This attempt's number (1-based); also the fence for recording its outcome. */
  attempt: number;
  url: string;
  secret: string;
}

/** How one attempt ended: a status code when the receiver answered, an error when it did not (or refused). */
export interface DeliveryOutcome {
  succeeded: boolean;
  statusCode: number | null;
  error: string | null;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints, oldest due first, in one statement.
 * `FOR UPDATE SKIP LOCKED` lets every executor process claim concurrently without double-sending.
 * A claim moves `next_attempt_at` to the lease's end, so a delivery whose process died becomes
 * due again by itself (`delivering` and past due = lease expired) — no separate recovery pass.
 */
export async function claimDeliveries(prisma: PrismaClient, owner: string, limit: number, leaseMs: number, maxAttempts: number): Promise<ClaimedDelivery[]> {
  const rows = await prisma.$queryRawUnsafe<{ id: string; event_type: string; payload: Prisma.JsonValue; attempts: number; url: string; secret: string }[]>(
    `WITH due AS (
       SELECT delivery.id FROM webhook_deliveries AS delivery
         JOIN webhook_endpoints AS endpoint ON endpoint.id = delivery.endpoint_id
        WHERE delivery.status IN ('pending', 'delivering') AND delivery.next_attempt_at <= now()
          AND delivery.attempts < $3 AND endpoint.enabled
        ORDER BY delivery.next_attempt_at, delivery.id LIMIT $2
          FOR UPDATE OF delivery SKIP LOCKED
     )
     UPDATE webhook_deliveries AS delivery
        SET status = 'delivering', attempts = delivery.attempts + 1, lease_owner = $1,
            next_attempt_at = now() + make_interval(secs => $4::double precision / 1000), updated_at = now()
       FROM due, webhook_endpoints AS endpoint
      WHERE delivery.id = due.id AND endpoint.id = delivery.endpoint_id
  RETURNING delivery.id, delivery.event_type, delivery.payload, delivery.attempts, endpoint.url, endpoint.secret`,
    owner,
    limit,
    maxAttempts,
    leaseMs,
  );
  return rows.map((row) => ({ id: row.id, eventType: row.event_type, payload: row.payload, attempt: row.attempts, url: row.url, secret: row.secret }));
}

/**
 * Records an attempt's outcome, fenced by owner and attempt: when our lease expired and another
 * process claimed the delivery again, its attempt owns the row and ours is ignored.
 */
export async function recordDeliveryOutcome(
  prisma: PrismaClient,
  owner: string,
  delivery: ClaimedDelivery,
  outcome: DeliveryOutcome,
  next: { maxAttempts: number; retryDelayMs: number },
): Promise<void> {
  const finalFailure = !outcome.succeeded && delivery.attempt >= next.maxAttempts;
  const status = outcome.succeeded ? 'succeeded' : finalFailure ? 'failed' : 'pending';
  await prisma.$executeRawUnsafe(
    `UPDATE webhook_deliveries
        SET status = $4::"WebhookDeliveryStatus", lease_owner = NULL, last_status_code = $5, last_error = $6,
            delivered_at = CASE WHEN $4 = 'succeeded' THEN now() ELSE delivered_at END,
            next_attempt_at = CASE WHEN $4 = 'pending' THEN now() + make_interval(secs => $7::double precision / 1000) ELSE next_attempt_at END,
            updated_at = now()
      WHERE id = $1::uuid AND lease_owner = $2 AND attempts = $3 AND status = 'delivering'`,
    delivery.id,
    owner,
    delivery.attempt,
    status,
    outcome.statusCode,
    outcome.error,
    next.retryDelayMs,
  );
}

/**
 * Fails deliveries whose last allowed attempt was claimed by a process that died: their lease ran
 * out with no attempts left, so nothing would ever claim them again.
 */
export async function failAbandonedDeliveries(prisma: PrismaClient, maxAttempts: number): Promise<number> {
  return prisma.$executeRawUnsafe(
    `UPDATE webhook_deliveries
        SET status = 'failed', lease_owner = NULL, updated_at = now(),
            last_error = COALESCE(last_error || '; ', '') || 'the process sending the last attempt stopped'
      WHERE status = 'delivering' AND next_attempt_at <= now() AND attempts >= $1`,
    maxAttempts,
  );
}

/**
 * Whether this attempt still holds its delivery: the row exists (an erase of its run deletes it) and
 * its lease is this attempt's. Read just before the request goes out, so an erase that committed
 * while the attempt resolved the receiver's name sends nothing (a request already on the wire cannot
 * be called back).
 */
export async function stillHoldsDelivery(prisma: PrismaClient, owner: string, delivery: Pick<ClaimedDelivery, 'id' | 'attempt'>): Promise<boolean> {
  const rows = await prisma.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM webhook_deliveries WHERE id = $1::uuid AND lease_owner = $2 AND attempts = $3 AND status = 'delivering'`,
    delivery.id,
    owner,
    delivery.attempt,
  );
  return rows.length > 0;
}
