import type { TestInfo } from '@playwright/test';
import { readSeededAdminKey } from './admin-key';

/** One frame of `GET /api/v1/runs/{id}/events` as the REST stream sends it. */
export interface RunEventFrame {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

/**
 * The REST API as another program sees it: plain `fetch` with the seeded admin key, outside the
 * browser — "a change made elsewhere" for the pages under test.
 */
export class RestClient {
  private constructor(
    private readonly baseURL: string,
    private readonly apiKey: string,
  ) {}

  /** For programs outside Playwright Test (bench/console), which start their own console. */
  static at(baseURL: string, apiKey: string): RestClient {
    return new RestClient(baseURL, apiKey);
  }

  static async forTest(testInfo: TestInfo): Promise<RestClient> {
    const baseURL = testInfo.project.use.baseURL;
    if (!baseURL) throw new Error('The Playwright project has no baseURL.');
    return new RestClient(baseURL, await readSeededAdminKey());
  }

  /** Sends a JSON request; answers the parsed body or throws with the status and the error body. */
  async call<Result>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Result> {
    const response = await fetch(new URL(path, this.baseURL), {
      method,
      headers: { authorization: `Bearer ${this.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text === '' ? undefined : JSON.parse(text)) as Result;
  }

  async agentId(slug: string): Promise<string> {
    const { agents } = await this.call<{ agents: { id: string; slug: string }[] }>('GET', '/api/v1/agents');
    const agent = agents.find((candidate) => candidate.slug === slug);
    if (!agent) throw new Error(`No agent ${slug}`);
    return agent.id;
  }

  async startRun(agentId: string, input: string, threadId?: string): Promise<{ id: string; createdAt: string }> {
    return this.call('POST', '/api/v1/runs', { agentId, input, ...(threadId ? { threadId } : {}) });
  }

  async pendingApprovalOf(runId: string): Promise<{ id: string; createdAt: string } | undefined> {
    const { approvals } = await this.call<{ approvals: { id: string; createdAt: string }[] }>('GET', `/api/v1/approvals?status=pending&runId=${runId}`);
    return approvals[0];
  }

  /**
   * Reads the run's event stream from the start until `until` matches an event (or the stream
   * ends after `run-finished`); answers the frames read. The REST stream replays from the table,
   * so the frames carry each event's `createdAt`: when its transaction wrote it.
   */
  async runEvents(runId: string, until: (frame: RunEventFrame) => boolean): Promise<RunEventFrame[]> {
    const abort = new AbortController();
    const response = await fetch(new URL(`/api/v1/runs/${runId}/events`, this.baseURL), {
      headers: { authorization: `Bearer ${this.apiKey}` },
      signal: abort.signal,
    });
    if (!response.ok || !response.body) throw new Error(`GET /api/v1/runs/${runId}/events answered ${response.status}`);
    const frames: RunEventFrame[] = [];
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for await (const chunk of response.body) {
        pending += decoder.decode(chunk, { stream: true });
        let boundary = pending.indexOf('\n\n');
        while (boundary >= 0) {
          const block = pending.slice(0, boundary);
          pending = pending.slice(boundary + 2);
          boundary = pending.indexOf('\n\n');
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice('data: '.length))
            .join('\n');
          if (data === '') continue;
          const frame = JSON.parse(data) as RunEventFrame;
          frames.push(frame);
          if (until(frame)) return frames;
        }
      }
      return frames;
    } finally {
      abort.abort();
    }
  }

  /** Waits (by reading the stream, never by sleeping) for the first event of `type` after `afterSeq`. */
  async eventOf(runId: string, type: string, afterSeq = 0): Promise<RunEventFrame> {
    const frames = await this.runEvents(runId, (frame) => frame.seq > afterSeq && frame.type === type);
    const found = frames.find((frame) => frame.seq > afterSeq && frame.type === type);
    if (!found) throw new Error(`Run ${runId} has no ${type} event after seq ${afterSeq}`);
    return found;
  }
}
