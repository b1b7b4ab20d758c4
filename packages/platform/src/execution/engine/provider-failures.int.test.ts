import { randomUUID } from 'node:crypto';

import { openAiError, openAiStream, sseEvent, startWireServer, type WireReply, type WireServer } from '@agentloom/runtime/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';

const summaryPrompt = 'Summarize this agent run as a memory';
const verifierPrompt = 'You check whether a candidate answer completes the task';
const partialChunk = sseEvent({ id: 'x', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hel' }, finish_reason: null }] });

/**
 * Provider failures through the real gateway, engine, executor and event log, against a local
 * server that plays an OpenAI-compatible provider (loopback allowed by the test's outbound policy,
 * the documented operator allowance). Runs on the Postgres server: nothing here depends on the
 * database mode, and that server has no pgvector, which the vector-mode case needs.
 */
describe('provider failures on record (server)', () => {
  let test: TestPlatform;
  let principal: Principal;
  let provider: WireServer;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger, { outbound: { allowPrivateTargets: ['127.0.0.1'] }, executor: { pollMs: 50, recoveryIntervalMs: 300 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());
  afterEach(() => provider?.close());

  async function agentAgainst(replies: WireReply[], config: Record<string, unknown> = {}): Promise<string> {
    provider = await startWireServer();
    provider.reply(...replies);
    return createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `provider-${randomUUID()}`,
      config: { model: { provider: 'openai-compatible', model: 'm', baseURL: provider.baseURL }, ...config },
    });
  }

  async function runToEnd(agentId: string, status: 'failed' | 'succeeded' = 'failed') {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Say hello' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe(status);
    return test.platform.runs.get(principal, { runId: run.id });
  }

  async function retriesOf(runId: string) {
    const { events } = await test.platform.runEvents.list(principal, { runId, types: ['model-call-retry'] });
    return events.map((event) => event.payload as Record<string, unknown>);
  }

  const bodyText = (index: number) => JSON.stringify(provider.requests[index]?.body ?? {});
  const requestsWith = (text: string) => provider.requests.filter((request) => JSON.stringify(request.body).includes(text)).length;

  it('a provider that is down fails the run as provider-unreachable, each retry on record', async () => {
    const agentId = await agentAgainst([openAiStream({ textDeltas: ['never'] })]);
    await provider.close();
    const run = await runToEnd(agentId);
    expect(run.error).toMatchObject({ kind: 'provider-unreachable', message: expect.stringContaining('could not be reached') as unknown });
    expect(await retriesOf(run.id)).toMatchObject([
      { attempt: 1, kind: 'provider-unreachable', statusCode: null, purpose: 'action' },
      { attempt: 2, kind: 'provider-unreachable', statusCode: null, purpose: 'action' },
    ]);
  });

  it('HTTP 500 on every attempt fails the run as provider-error, with each retry and its delay as an event', async () => {
    const agentId = await agentAgainst([openAiError(500)]);
    const run = await runToEnd(agentId);
    expect(run.error).toMatchObject({ kind: 'provider-error', message: expect.stringContaining('HTTP 500') as unknown });
    expect(provider.requests).toHaveLength(3);
    const retries = await retriesOf(run.id);
    expect(retries).toMatchObject([
      { attempt: 1, kind: 'provider-error', statusCode: 500, model: 'openai-compatible:m' },
      { attempt: 2, kind: 'provider-error', statusCode: 500, model: 'openai-compatible:m' },
    ]);
    for (const retry of retries) expect(retry.delayMs).toEqual(expect.any(Number));
  });

  it('HTTP 429 with Retry-After fails the run as provider-rate-limited; the delay honours Retry-After and is recorded', async () => {
    const agentId = await agentAgainst([openAiError(429, { 'retry-after': '1' })]);
    const run = await runToEnd(agentId);
    expect(run.error).toMatchObject({ kind: 'provider-rate-limited' });
    expect(provider.requests).toHaveLength(3);
    const retries = await retriesOf(run.id);
    expect(retries).toHaveLength(2);
    for (const retry of retries) {
      expect(retry).toMatchObject({ kind: 'provider-rate-limited', statusCode: 429, retryAfterMs: 1000 });
      expect(retry.delayMs).toBeGreaterThanOrEqual(1000);
    }
  });

  it('HTTP 401 fails the run as provider-auth at once, without retries', async () => {
    const agentId = await agentAgainst([openAiError(401)]);
    const run = await runToEnd(agentId);
    expect(run.error).toMatchObject({ kind: 'provider-auth', message: expect.stringContaining('check the API key') as unknown });
    expect(provider.requests).toHaveLength(1);
    expect(await retriesOf(run.id)).toEqual([]);
  });

  it('a 200 with an HTML page fails the run as provider-bad-response saying the provider answered HTML', async () => {
    const agentId = await agentAgainst([{ kind: 'raw', status: 200, contentType: 'text/html', body: '<html><body>Corporate proxy sign-in</body></html>' }]);
    const run = await runToEnd(agentId);
    expect(run.error?.kind).toBe('provider-bad-response');
    expect(run.error?.message).toContain('HTML page');
    expect(run.error?.message).not.toContain('finish reason');
    expect(run.error?.message).not.toContain('Corporate proxy');
  });

  it('a stream cut mid-reply fails the run as provider-bad-response after its retries', async () => {
    const agentId = await agentAgainst([{ kind: 'sse', events: [partialChunk], cutAfterEvents: true }]);
    const run = await runToEnd(agentId);
    expect(run.error).toMatchObject({ kind: 'provider-bad-response', message: expect.stringContaining('broke off') as unknown });
    expect((await retriesOf(run.id)).map((retry) => retry.kind)).toEqual(['provider-bad-response', 'provider-bad-response']);
  });

  it('after a run failed because of the provider, its episode is written without calling the provider again', async () => {
    const agentId = await agentAgainst([openAiError(401)]);
    const run = await runToEnd(agentId);
    const episode = await waitForEpisode(run.id);
    expect(episode.metadata).toMatchObject({ summarizer: 'extractive/v1', outcome: 'failed' });
    expect(provider.requests).toHaveLength(1);
    expect(requestsWith(summaryPrompt)).toBe(0);
  });

  it('an agent that asks for model summaries after provider failures gets that one call', async () => {
    const agentId = await agentAgainst([openAiError(401)], { memoryWriting: { modelSummaryAfterProviderFailure: true } });
    const run = await runToEnd(agentId);
    await waitForEpisode(run.id);
    expect(requestsWith(summaryPrompt)).toBe(1);
  });

  it('asks no verification call by default: one model call per answer; an agent that sets verify gets it', async () => {
    const quiet = await agentAgainst([openAiStream({ textDeltas: ['Hello.'] })]);
    await runToEnd(quiet, 'succeeded');
    expect(bodyText(0)).not.toContain(verifierPrompt);
    expect(requestsWith(verifierPrompt)).toBe(0);
    await provider.close();

    const verifying = await agentAgainst([openAiStream({ textDeltas: ['Hello.'] }), openAiStream({ textDeltas: ['{"decision":"complete","reason":"ok"}'] })], {
      completion: { verify: true },
    });
    await runToEnd(verifying, 'succeeded');
    expect(requestsWith(verifierPrompt)).toBe(1);
  });

  it('memory search in vector mode without pgvector is a 409 naming the mode, never a silent empty list', async () => {
    expect(test.platform.database.vector.available).toBe(false);
    await test.platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', content: 'The deploy window is Tuesday' });
    const refused = await test.platform.memory.search(principal, { text: 'deploy window', mode: 'vector' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: 'vector-search-unavailable', field: 'mode', message: expect.stringContaining('"vector"') as unknown });
    // The modes that work here still find the item.
    const hits = await test.platform.memory.search(principal, { text: 'deploy window', mode: 'hybrid' });
    expect(hits.map((hit) => hit.item.content)).toContain('The deploy window is Tuesday');
  });

  async function waitForEpisode(runId: string) {
    const find = () => test.platform.database.prisma.memoryItem.findFirst({ where: { key: `episode:${runId}` } });
    await expect.poll(find, { timeout: 60_000 }).not.toBeNull();
    return (await find())!;
  }
});
