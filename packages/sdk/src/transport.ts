import { AgentLoomApiError, apiErrorFrom } from './api-error.ts';

export interface ClientOptions {
  /** Where the console serves, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** An API key (`al_…`); its role decides what the client may do. */
  apiKey: string;
  /** A fetch implementation (tests, proxies, retries); the global fetch by default. */
  fetch?: typeof fetch;
}

export type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Sends authenticated requests and turns every failure into an AgentLoomApiError. */
export class Transport {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly fetchImplementation: typeof fetch;

  constructor(options: ClientOptions) {
    this.apiKey = options.apiKey;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImplementation = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  url(path: string, query: Record<string, QueryValue> = {}): string {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }

  /** The raw response of a successful request (status < 400); errors are thrown. */
  async send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.apiKey}`, Accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetchImplementation(this.url(path, options.query), {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new AgentLoomApiError({ kind: 'network', message: `Could not reach ${this.baseUrl}: ${(error as Error).message}`, status: 0, cause: error });
    }
    if (response.status >= 400) throw await apiErrorFrom(response);
    return response;
  }

  async json<Result>(method: string, path: string, options: RequestOptions = {}): Promise<Result> {
    const response = await this.send(method, path, options);
    return (await response.json()) as Result;
  }
}
