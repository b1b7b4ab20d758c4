import { DomainError } from '@agentloom/platform';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, HttpError } from './api-error';

describe('apiErrorResponse', () => {
  it('maps every domain error kind to its status, keeping kind, message and field', async () => {
    const expected = { validation: 400, unauthenticated: 401, forbidden: 403, 'not-found': 404, conflict: 409, 'vector-search-unavailable': 409, 'rate-limited': 429, unavailable: 503 } as const;
    for (const [kind, status] of Object.entries(expected)) {
      const response = apiErrorResponse(new DomainError(kind as keyof typeof expected, `${kind} happened`, 'input.agentId'), 'test');
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: { kind, message: `${kind} happened`, field: 'input.agentId' } });
    }
  });

  it('recognises a DomainError built by another copy of the platform module (Next bundles several)', async () => {
    const foreign = Object.assign(new Error('Run x not found'), { name: 'DomainError', kind: 'not-found' });
    expect(apiErrorResponse(foreign, 'test').status).toBe(404);
    expect(await apiErrorResponse(new Error('database password is hunter2'), 'test').json()).toEqual({
      error: { kind: 'internal', message: 'Internal error' },
    });
  });

  it('answers transport errors with their own status and the same shape', async () => {
    const response = apiErrorResponse(new HttpError(413, 'payload-too-large', 'Too big'), 'test');
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { kind: 'payload-too-large', message: 'Too big' } });
  });
});
