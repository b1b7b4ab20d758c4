import { describe, expect, it } from 'vitest';

import { isTransientDatabaseError } from './transient-database-error';

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
