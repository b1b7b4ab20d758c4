import { describe, expect, it } from 'vitest';

import { isTransientDatabaseError, transientDatabaseErrorReason } from './transient-database-error';

/** The shape Prisma 7 throws for a failed raw query through @prisma/adapter-pg (seen on PG 15). */
function rawQueryFailure(cause: Record<string, unknown>) {
  return Object.assign(new Error('Raw query failed'), { code: 'P2010', meta: { driverAdapterError: { name: 'DriverAdapterError', cause } } });
}

describe('isTransientDatabaseError', () => {
  it('recognises a deadlock and a serialization failure', () => {
    expect(isTransientDatabaseError(rawQueryFailure({ originalCode: '40P01', originalMessage: 'deadlock detected', kind: 'TransactionWriteConflict' }))).toBe(true);
    expect(isTransientDatabaseError(rawQueryFailure({ originalCode: '40001', kind: 'TransactionWriteConflict' }))).toBe(true);
  });

  it('recognises a server restart and an unreachable server', () => {
    expect(isTransientDatabaseError(rawQueryFailure({ originalCode: '57P01', kind: 'postgres', code: '57P01' }))).toBe(true);
    expect(isTransientDatabaseError(rawQueryFailure({ kind: 'DatabaseNotReachable' }))).toBe(true);
    expect(isTransientDatabaseError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isTransientDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientDatabaseError(new Error('x', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }))).toBe(true);
  });

  it('recognises Prisma giving up on a busy pool', () => {
    expect(isTransientDatabaseError(Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { code: 'P2028' }))).toBe(true);
  });

  it('leaves real errors alone', () => {
    expect(isTransientDatabaseError(rawQueryFailure({ originalCode: '23505', kind: 'UniqueConstraintViolation' }))).toBe(false);
    expect(isTransientDatabaseError(rawQueryFailure({ originalCode: '57P04', kind: 'postgres' }))).toBe(false);
    expect(isTransientDatabaseError(Object.assign(new Error('Unique constraint failed'), { code: 'P2002' }))).toBe(false);
    expect(isTransientDatabaseError(new Error('Run 1 does not exist'))).toBe(false);
    expect(isTransientDatabaseError('40P01')).toBe(false);
    expect(isTransientDatabaseError(undefined)).toBe(false);
  });
});

describe('transientDatabaseErrorReason', () => {
  it('names what went wrong in a fixed phrase, never the driver message', () => {
    const poolBusy = Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { code: 'P2028' });
    expect(transientDatabaseErrorReason(poolBusy)).toBe('no connection free to start a transaction in time');
    // Prisma 7 has thrown the same failure without a code, as a plain message.
    expect(transientDatabaseErrorReason(new Error('Unable to start a transaction in the given time.'))).toBe('no connection free to start a transaction in time');
    expect(transientDatabaseErrorReason(new Error('timeout exceeded when trying to connect'))).toBe('connection pool exhausted');
    const closed = Object.assign(new Error('database "agentloom_secret_host" is not currently accepting connections'), { code: '55000' });
    expect(transientDatabaseErrorReason(closed)).toBe('database not accepting connections');
    expect(transientDatabaseErrorReason(rawQueryFailure({ originalCode: '57P01', kind: 'postgres' }))).toBe('database server shutting down or restarting');
    expect(transientDatabaseErrorReason(Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }))).toBe('database connection refused');
    expect(transientDatabaseErrorReason(rawQueryFailure({ kind: 'TooManyConnections' }))).toBe('database server out of resources (too many connections)');
  });

  it('is undefined for errors that are not transient', () => {
    expect(transientDatabaseErrorReason(Object.assign(new Error('x'), { code: '55000' }))).toBeUndefined();
    expect(transientDatabaseErrorReason(rawQueryFailure({ originalCode: '23505', kind: 'UniqueConstraintViolation' }))).toBeUndefined();
    expect(transientDatabaseErrorReason(new Error('Cannot read properties of undefined'))).toBeUndefined();
  });
});
