import type { PrismaExecutor } from '@agentloom/db';

/** Every process LISTENs here and forgets its cached verifications on any notification. */
export const credentialsChangedChannel = 'agentloom_credentials_changed';

/**
 * Tells every process, this one included, that keys or sessions changed (`reason` is for logs,
 * e.g. `key:<id>`, `tenant:<id>`, `session`). Sent inside the changing transaction, so Postgres
 * delivers it exactly when the change commits and never for a change that rolled back.
 */
export async function notifyCredentialsChanged(transaction: PrismaExecutor, reason: string): Promise<void> {
  await transaction.$executeRawUnsafe('SELECT pg_notify($1, $2)', credentialsChangedChannel, reason);
}
