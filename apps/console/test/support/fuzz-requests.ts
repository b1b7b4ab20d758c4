import fc from 'fast-check';

import type { ProcedureType } from './security-calls';
import { procedureCases, restCases, type TenantResources } from './security-surface';

/** One generated request; `describe()` is what a failure report prints to reproduce it by hand. */
export type FuzzRequest =
  | { transport: 'rest'; caller: Caller; method: string; path: string; body: string | undefined; headers: Record<string, string> }
  | { transport: 'trpc'; caller: Caller; procedure: string; type: ProcedureType; serializedInput: string | undefined; batch: boolean };

/** Who sends it: mostly tenant A's admin (reaches every service), sometimes others or nobody. */
export type Caller = 'admin' | 'viewer' | 'other-tenant' | 'anonymous' | 'garbage-key' | 'malformed-cookie';

const hugeLength = 20_000;

/** Percent-escapes that are malformed or decode to no UTF-8, sent as they are (not re-encoded). */
const rawBadEscape = fc.constantFrom('%', '%FF', '%E0%A4%A', '%C0%AF', '%ED%A0%80');

/** Values of the wrong type, shape or size for any field. */
function hostileValue(resources: TenantResources): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.fullUnicodeString({ maxLength: 40 }),
    fc.constant('x'.repeat(hugeLength)),
    fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '\ud800',
      'lone \udc00 low',
      '💥'.repeat(500),
      '../../etc/passwd',
      "'; DROP TABLE runs; --",
      '{"$ne":null}',
      '%00',
      'NaN',
      '-1',
      '1e309',
      'null',
      'undefined',
    ),
    fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1.5, -1e308, 1e308, 2 ** 31),
    fc.constantFrom(true, false, null, [], {}, [null], { __proto__: { polluted: true } }, { constructor: { prototype: { polluted: true } } }),
    identifier(resources),
  );
}

/** Path and id values: real ids of tenant A, random uuids and many things that are not uuids. */
function identifier(resources: TenantResources): fc.Arbitrary<string> {
  // Never tenant A's own tenant id: `erase tenant` with it would end the fuzz's own tenant.
  const known = [
    resources.agentId,
    resources.runId,
    resources.finishedRunId,
    resources.approvalId,
    resources.threadId,
    resources.memoryItemId,
    resources.apiKeyId,
    resources.webhookId,
    resources.deliveryId,
  ];
  return fc.oneof(
    fc.constantFrom(...known),
    fc.uuid(),
    fc.constantFrom(
      'not-a-uuid',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '0190f5c4-0000-7000-8000-00000000000',
      '0190F5C4-0000-7000-8000-000000000000',
      '1',
      '-1',
      '9'.repeat(400),
    ),
    fc.fullUnicodeString({ minLength: 1, maxLength: 30 }),
    fc.constant('a'.repeat(5_000)),
  );
}

/** Mutates a valid input: one field of the wrong type or removed, an unknown field, or the whole value replaced. */
function mutatedInput(valid: unknown, resources: TenantResources): fc.Arbitrary<unknown> {
  const record = typeof valid === 'object' && valid !== null && !Array.isArray(valid) ? (valid as Record<string, unknown>) : undefined;
  const keys = record ? Object.keys(record) : [];
  const options: fc.Arbitrary<unknown>[] = [hostileValue(resources), fc.constant(undefined)];
  if (record && keys.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...keys), hostileValue(resources)).map(([key, value]) => ({ ...record, [key]: value })),
      fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(record).filter(([name]) => name !== key))),
      fc.tuple(fc.fullUnicodeString({ minLength: 1, maxLength: 12 }), hostileValue(resources)).map(([key, value]) => ({ ...record, [key]: value })),
      fc.constant(record),
    );
  }
  return fc.oneof(...options);
}

const queryNames = [
  'limit',
  'cursor',
  'status',
  'runId',
  'agentId',
  'q',
  'afterSeq',
  'lastEventId',
  'heartbeatMs',
  'format',
  'includeArchived',
  'level',
  'kind',
  'from',
  'to',
  'mode',
];

function queryString(resources: TenantResources): fc.Arbitrary<string> {
  const value = fc.oneof(
    fc.fullUnicodeString({ maxLength: 20 }),
    identifier(resources),
    fc.integer().map(String),
    fc.constantFrom('json', '-5', '1e9', 'true', '2026-13-45', 'x'.repeat(3_000)),
  );
  const encoded = fc
    .array(fc.tuple(fc.constantFrom(...queryNames), value), { maxLength: 4 })
    .map((pairs) => pairs.map(([name, entry]) => `${name}=${encodeURIComponent(entry)}`));
  const rawPair = fc.tuple(fc.constantFrom(...queryNames), rawBadEscape).map(([name, escape]) => `${name}=x${escape}`);
  return fc
    .tuple(encoded, fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: rawPair }))
    .map(([pairs, raw]) => [...pairs, ...(raw === null ? [] : [raw])])
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.join('&')}`));
}

/** Latin-1 only: fetch refuses other header characters before anything is sent. */
const headerValue = fc.oneof(
  fc.string({ maxLength: 30 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom('abc', '-1', '99999999999999999999', 'x'.repeat(200)),
);

function restRequest(resources: TenantResources, caller: fc.Arbitrary<Caller>): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...Object.keys(restCases)).chain((key) => {
    const testCase = restCases[key]!;
    const [method, template] = key.split(' ') as [string, string];
    const segment = fc.oneof({ weight: 9, arbitrary: identifier(resources).map(encodeURIComponent) }, { weight: 1, arbitrary: rawBadEscape });
    const path = fc.array(segment, { minLength: 3, maxLength: 3 }).map((values) => {
      let index = 0;
      return template.replace(/\{[^}]+\}/g, () => values[index++] ?? 'x');
    });
    const validBody = testCase.body?.(resources);
    const body = fc.oneof(
      { weight: 6, arbitrary: mutatedInput(validBody ?? {}, resources).map((value) => (value === undefined ? undefined : JSON.stringify(value))) },
      { weight: 2, arbitrary: fc.constantFrom('{', '{"a":', 'nul', '[1,2', '"unterminated', '\u0000', '{"agentId": }', 'true') },
      { weight: 1, arbitrary: fc.constant(JSON.stringify({ input: 'x'.repeat(1024 * 1024 + 1) })) },
    );
    const headers = fc.record(
      {
        'Content-Type': fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'),
        'Last-Event-ID': headerValue,
        'Idempotency-Key': headerValue,
        'X-Request-Id': headerValue,
      },
      { requiredKeys: [] },
    );
    const usesPathFromCase = fc.boolean();
    return fc
      .record({ caller, path, query: queryString(resources), body: method === 'GET' ? fc.constant(undefined) : body, headers, usesPathFromCase })
      .map((parts): FuzzRequest => ({
        transport: 'rest',
        caller: parts.caller,
        method,
        // Half the time the case's own (valid) path, so the malformed body and query reach the service.
        path: `${parts.usesPathFromCase ? testCase.path(resources).split('?')[0]! : parts.path}${parts.query}`,
        body: parts.body,
        headers: parts.headers,
      }));
  });
}

function trpcRequest(resources: TenantResources, caller: fc.Arbitrary<Caller>, types: Record<string, ProcedureType>): fc.Arbitrary<FuzzRequest> {
  const procedure = fc.oneof(
    { weight: 20, arbitrary: fc.constantFrom(...Object.keys(procedureCases)) },
    { weight: 1, arbitrary: fc.constantFrom('missing.procedure', 'runs', 'runs.get.extra', '__proto__.constructor', 'runs.%00') },
  );
  return procedure.chain((name) => {
    const valid = procedureCases[name]?.input?.(resources);
    const serializedInput = fc.oneof(
      { weight: 6, arbitrary: mutatedInput(valid ?? {}, resources).map((value) => (value === undefined ? undefined : JSON.stringify({ json: value }))) },
      { weight: 1, arbitrary: mutatedInput(valid ?? {}, resources).map((value) => JSON.stringify(value ?? null)) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '{',
          '{"json":',
          'garbage',
          '{"json":{},"meta":{"values":{"runId":["Date"]}}}',
          '{"json":{},"meta":{"values":{"__proto__":["map"]}}}',
          '{"json":1,"meta":{"values":["undefined"]}}',
        ),
      },
    );
    return fc.record({ caller, serializedInput, batch: fc.boolean() }).map((parts): FuzzRequest => ({
      transport: 'trpc',
      caller: parts.caller,
      procedure: name,
      type: types[name] ?? 'query',
      serializedInput: parts.serializedInput,
      batch: parts.batch,
    }));
  });
}

/** The fixed-seed sequence of requests: about half REST, half tRPC. */
export function generateFuzzRequests(resources: TenantResources, types: Record<string, ProcedureType>, seed: number, count: number): FuzzRequest[] {
  const caller = fc.oneof(
    { weight: 12, arbitrary: fc.constant<Caller>('admin') },
    { weight: 1, arbitrary: fc.constantFrom<Caller>('viewer', 'other-tenant', 'anonymous', 'garbage-key', 'malformed-cookie') },
  );
  return fc.sample(fc.oneof(restRequest(resources, caller), trpcRequest(resources, caller, types)), { seed, numRuns: count });
}

/** A request as one line, for failure reports (long values cut). */
export function describeFuzzRequest(request: FuzzRequest): string {
  const cut = (text: string | undefined) => (text === undefined ? '' : text.length > 200 ? `${text.slice(0, 200)}…(${text.length} chars)` : text);
  return request.transport === 'rest'
    ? `REST ${request.caller} ${request.method} ${cut(request.path)} ${JSON.stringify(request.headers)} ${cut(request.body)}`
    : `tRPC ${request.caller} ${request.type} ${request.procedure}${request.batch ? ' (batch)' : ''} ${cut(request.serializedInput)}`;
}
