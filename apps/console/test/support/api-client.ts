import { fetchOnNewConnection } from './new-connection';

export interface ApiResponse<Body = unknown> {
  status: number;
  headers: Headers;
  body: Body;
}

/** Calls `/api/v1` with a bearer key and returns status, headers and the parsed JSON body. */
export function apiClient(baseUrl: string, apiKey: string | undefined) {
  return async <Body = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<Body>> => {
    const response = await fetchOnNewConnection(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text === '' ? null : JSON.parse(text)) as Body };
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** Polls until `check` returns a value, for run states the executor reaches asynchronously. */
export async function eventually<Value>(check: () => Promise<Value | undefined>, timeoutMs = 60_000): Promise<Value> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
