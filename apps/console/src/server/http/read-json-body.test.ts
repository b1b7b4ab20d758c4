import { describe, expect, it } from 'vitest';

import nextConfig from '../../../next.config';
import { maximumBodyBytes, readJsonBody } from './read-json-body';

describe('body limits', () => {
  it("keeps Next's proxy body copy well above the routes' limit, so an oversized body is never truncated to a readable one", () => {
    expect(Number(nextConfig.experimental?.proxyClientMaxBodySize)).toBeGreaterThanOrEqual(2 * maximumBodyBytes);
  });

  it('refuses text Postgres cannot store anywhere in a JSON body, naming the field', async () => {
    const request = (body: string) => new Request('http://console.test/api/v1/runs', { method: 'POST', body });
    await expect(readJsonBody(request('{"input":"a\\ud800"}'))).rejects.toMatchObject({ kind: 'validation', field: 'input' });
    await expect(readJsonBody(request('{"metadata":{"k\\u0000":1}}'))).rejects.toMatchObject({ field: 'metadata.k\u0000' });
    await expect(readJsonBody(request('"\\udc00"'))).rejects.toMatchObject({ field: 'body' });
    await expect(readJsonBody(request('{"input":"💥"}'))).resolves.toEqual({ input: '💥' });
  });
});
