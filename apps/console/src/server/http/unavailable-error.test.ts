import { DatabaseError } from '@agentloom/db';
import { DomainError } from '@agentloom/platform';
import { ModelCallFailedError, ProviderCallFailedError } from '@agentloom/runtime';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { errorKind, mapProcedureError } from '../trpc/domain-error-mapping';
import { apiErrorResponse } from './api-error';
import { domainErrorResponse } from './domain-error-response';

/** What Prisma threw when fifty decisions on one approval queued for the pool (seen in the field). */
const transactionStartTimeout = () =>
  Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { name: 'PrismaClientKnownRequestError', code: 'P2028' });
/** What node-postgres throws while the database refuses connections. */
const notAcceptingConnections = () =>
  Object.assign(new Error('database "agentloom" is not currently accepting connections'), { code: '55000', severity: 'FATAL' });
const terminated = () => new Error('Connection terminated unexpectedly');

describe('infrastructure trouble is 503 unavailable with Retry-After, never 500', () => {
  it.each([
    ['a transaction that could not start in time', transactionStartTimeout, 'no connection free to start a transaction in time'],
    ['a database closed to connections', notAcceptingConnections, 'database not accepting connections'],
    ['a terminated connection', terminated, 'database connection terminated'],
    [
      'a database that cannot be reached',
      () => new DatabaseError('unreachable', 'Cannot connect to the Postgres server at db:5432/agentloom'),
      'database not reachable',
    ],
  ])('REST: %s', async (_name, failure, reason) => {
    const response = apiErrorResponse(failure(), 'test');
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('2');
    expect(await response.json()).toEqual({ error: { kind: 'unavailable', message: `The database is unavailable (${reason}); retry shortly.` } });
  });

  it('plain route handlers (/api/health) answer 503 with the reason and Retry-After', async () => {
    const response = domainErrorResponse(notAcceptingConnections(), 'GET /api/health');
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('2');
    expect(await response.json()).toEqual({ error: 'The database is unavailable (database not accepting connections); retry shortly.', field: null });
  });

  it('tRPC: SERVICE_UNAVAILABLE, kind unavailable, and a retry delay the route turns into Retry-After', () => {
    const mapped = mapProcedureError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: transactionStartTimeout() }));
    expect(mapped.severity).toBe('warning');
    expect(mapped.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(errorKind(mapped.error)).toBe('unavailable');
    // The tRPC route's responseMeta reads `retryAfterSeconds` along the cause chain (as for rate limits).
    expect(mapped.error.cause).toMatchObject({ kind: 'unavailable', retryAfterSeconds: 2 });
  });

  it.each([
    ['an embedder that failed', () => new ModelCallFailedError('Embedder use-lite/v1 failed: worker exited'), 'model-call-failed'],
    ['a provider that is unreachable', () => new ProviderCallFailedError('provider-unreachable', 'connect ECONNREFUSED 10.0.0.5:443 key sk-…'), 'provider-unreachable'],
    ['a model that cannot be called as configured', () => new ProviderCallFailedError('model-configuration', 'endpoint refused by policy'), 'model-configuration'],
  ])('REST: %s is 503 naming the kind, never the provider words', async (_name, failure, kind) => {
    const response = apiErrorResponse(failure(), 'test');
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('2');
    expect(await response.json()).toEqual({ error: { kind: 'unavailable', message: `A model or embedder the server depends on failed (${kind}); retry shortly.` } });
  });

  it('leaves runtime errors that are not model failures as masked 500s', () => {
    const mismatch = Object.assign(new Error('resume did not match'), { kind: 'resume-mismatch' });
    expect(apiErrorResponse(mismatch, 'test').status).toBe(500);
  });

  it('leaves bugs as masked 500s and client mistakes as they were', () => {
    const bug = apiErrorResponse(new TypeError("Cannot read properties of undefined (reading 'id')"), 'test');
    expect(bug.status).toBe(500);
    expect(bug.headers.get('Retry-After')).toBeNull();
    const conflict = apiErrorResponse(new DomainError('conflict', 'Approval x was already decided'), 'test');
    expect(conflict.status).toBe(409);
    expect(mapProcedureError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new Error('boom') })).error.code).toBe('INTERNAL_SERVER_ERROR');
  });
});
