import { DomainError } from '@agentloom/platform';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorField, errorKind, mapProcedureError, maskedMessage } from './domain-error-mapping';

/** How tRPC hands a failure to middleware: thrown errors arrive wrapped as INTERNAL_SERVER_ERROR. */
function wrapped(cause: unknown): TRPCError {
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause });
}

describe('mapProcedureError', () => {
  it.each([
    ['validation', 'BAD_REQUEST'],
    ['unauthenticated', 'UNAUTHORIZED'],
    ['forbidden', 'FORBIDDEN'],
    ['not-found', 'NOT_FOUND'],
    ['conflict', 'CONFLICT'],
    ['rate-limited', 'TOO_MANY_REQUESTS'],
    ['unavailable', 'SERVICE_UNAVAILABLE'],
  ] as const)('maps the %s kind to %s and keeps the message', (kind, code) => {
    const mapped = mapProcedureError(wrapped(new DomainError(kind, 'Explained to the user.')));
    expect(mapped.error.code).toBe(code);
    expect(mapped.error.message).toBe('Explained to the user.');
    expect(mapped.severity).toBe(kind === 'unavailable' ? 'warning' : 'expected');
  });

  it('turns an input schema failure into BAD_REQUEST naming the field', () => {
    const parsed = z.object({ agent: z.object({ name: z.string().min(3, 'Too short') }) }).safeParse({ agent: { name: 'x' } });
    if (parsed.success) throw new Error('expected the input to be rejected');
    const inputError = new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });

    const mapped = mapProcedureError(inputError);

    expect(mapped.error.code).toBe('BAD_REQUEST');
    expect(mapped.error.message).toBe('input.agent.name: Too short');
    expect(errorField(mapped.error)).toBe('input.agent.name');
  });

  it('masks anything else as an internal error and keeps the original for the log', () => {
    const secret = new Error('connection to 10.0.0.5 failed for user admin');

    const mapped = mapProcedureError(wrapped(secret));

    expect(mapped.error.code).toBe('INTERNAL_SERVER_ERROR');
    expect(mapped.error.message).toBe('Internal error');
    expect(mapped).toMatchObject({ severity: 'internal', original: secret });
  });

  it("passes tRPC's own client errors through, also when they carry the parser's error", () => {
    const notFound = new TRPCError({ code: 'NOT_FOUND', message: 'No procedure found on path "missing"' });
    expect(mapProcedureError(notFound)).toEqual({ severity: 'expected', error: notFound });
    const unparsable = new TRPCError({ code: 'PARSE_ERROR', message: 'Unexpected end of JSON input', cause: new SyntaxError('Unexpected end of JSON input') });
    expect(mapProcedureError(unparsable)).toEqual({ severity: 'expected', error: unparsable });
  });
});

describe('maskedMessage and errorField', () => {
  it('never reveals the message of an internal error', () => {
    expect(maskedMessage(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'stack details' }))).toBe('Internal error');
    expect(maskedMessage(new TRPCError({ code: 'CONFLICT', message: 'Already approved' }))).toBe('Already approved');
  });

  it("reports a domain error's field", () => {
    const error = new TRPCError({ code: 'BAD_REQUEST', cause: new DomainError('validation', 'Bad', 'input.limit') });
    expect(errorField(error)).toBe('input.limit');
  });
});

describe('errorKind', () => {
  it("names a domain error's kind, and maps tRPC's own codes to the REST API's kinds", () => {
    expect(errorKind(new TRPCError({ code: 'TOO_MANY_REQUESTS', cause: new DomainError('rate-limited', 'Slow down') }))).toBe('rate-limited');
    expect(errorKind(new TRPCError({ code: 'NOT_FOUND', message: 'No procedure found' }))).toBe('not-found');
    expect(errorKind(new TRPCError({ code: 'PARSE_ERROR', message: 'Bad JSON' }))).toBe('validation');
    expect(errorKind(new TRPCError({ code: 'INTERNAL_SERVER_ERROR' }))).toBe('internal');
    expect(errorKind(new TRPCError({ code: 'METHOD_NOT_SUPPORTED' }))).toBe('method-not-allowed');
  });
});
