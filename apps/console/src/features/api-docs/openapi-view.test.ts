import { describe, expect, it } from 'vitest';

import { apiOperations } from '../../server/http/openapi/api-operations';
import { buildOpenApiDocument } from '../../server/http/openapi/openapi-document';
import { constraints, operationsByTag, resolveSchema, typeLabel } from './openapi-view';

describe('operationsByTag', () => {
  const document = buildOpenApiDocument(apiOperations, 'test');
  const tags = operationsByTag(document);

  it('shows every operation once, grouped by tag in registry order', () => {
    expect(tags[0]?.name).toBe('Runs');
    expect(tags.flatMap((tag) => tag.operations).length).toBe(apiOperations.length);
  });

  it('carries method, role, parameters, body and responses', () => {
    const createRun = tags.flatMap((tag) => tag.operations).find((operation) => operation.id === 'createRun')!;
    expect(createRun).toMatchObject({ method: 'POST', path: '/api/v1/runs', role: 'operator' });
    expect(createRun.parameters.map((parameter) => `${parameter.location}:${parameter.name}`)).toEqual(['header:Idempotency-Key']);
    expect(Object.keys(createRun.body?.properties ?? {})).toEqual(['agentId', 'agentVersion', 'threadId', 'input', 'budget']);
    expect(createRun.responses.map((response) => response.status)).toEqual(['200', '201', '400', '401', '403', '404', '409']); // 200: an idempotent replay
  });

  it('labels types and limits, and follows component references', () => {
    expect(typeLabel({ type: 'string', format: 'uuid' })).toBe('string (uuid)');
    expect(typeLabel({ type: 'array', items: { type: 'string', enum: ['fact', 'episode'] } })).toBe('array of "fact" | "episode"');
    expect(constraints({ type: 'integer', minimum: 1, maximum: 200, default: 50 })).toEqual(['≥ 1', '≤ 200', 'default 50']);
    expect(constraints({ type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER })).toEqual(['> 0']);
    expect(resolveSchema({ $ref: '#/components/schemas/Error' }, document)).toMatchObject({ required: ['error'] });
  });
});
