/** What the gallery shows: ids of the data it created through the public API. */
export interface GalleryData {
  finishedRunId: string;
  waitingRunId: string;
  longRunId: string;
  threadId: string;
  memoryItemId: string;
  agentId: string;
}

interface ApiCall {
  <Body>(method: string, path: string, body?: unknown): Promise<Body>;
}

/** A tiny REST client for the gallery's setup; failures stop the capture with the server's message. */
export function restClient(baseUrl: string, apiKey: string): ApiCall {
  return async <Body>(method: string, path: string, body?: unknown): Promise<Body> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
    return (await response.json()) as Body;
  };
}

async function waitForStatus(api: ApiCall, runId: string, status: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const run = await api<{ status: string }>('GET', `/api/v1/runs/${runId}`);
    if (run.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Run ${runId} did not reach ${status}`);
}

/** Runs, an approval, a thread with two runs and a memory: every page has something to show. */
export async function createGalleryData(api: ApiCall, longRunId: string): Promise<GalleryData> {
  const { agents } = await api<{ agents: { id: string; slug: string }[] }>('GET', '/api/v1/agents');
  const agentId = (slug: string) => {
    const agent = agents.find((candidate) => candidate.slug === slug);
    if (!agent) throw new Error(`No agent ${slug}`);
    return agent.id;
  };
  const researcher = agentId('demo-researcher');
  const finished = await api<{ id: string }>('POST', '/api/v1/runs', { agentId: researcher, input: 'What makes AgentLoom runs durable?' });
  const waiting = await api<{ id: string }>('POST', '/api/v1/runs', { agentId: agentId('demo-operator'), input: 'Tell on-call that the deploy starts.' });
  const thread = await api<{ id: string }>('POST', '/api/v1/threads', { agentId: researcher, title: 'Durability questions' });
  const first = await api<{ id: string }>('POST', '/api/v1/runs', { agentId: researcher, threadId: thread.id, input: 'How are steps committed?' });
  await waitForStatus(api, first.id, 'succeeded');
  const second = await api<{ id: string }>('POST', '/api/v1/runs', { agentId: researcher, threadId: thread.id, input: 'And what happens after a crash?' });
  const memory = await api<{ id: string }>('POST', '/api/v1/memories', {
    scope: { level: 'agent', id: researcher },
    kind: 'fact',
    key: 'team.deploy_window',
    content: 'Deploys happen on Tuesdays and Thursdays between 10:00 and 12:00 CET.',
    pinned: true,
  });
  await waitForStatus(api, finished.id, 'succeeded');
  await waitForStatus(api, second.id, 'succeeded');
  await waitForStatus(api, waiting.id, 'waiting_human');
  return { finishedRunId: finished.id, waitingRunId: waiting.id, longRunId, threadId: thread.id, memoryItemId: memory.id, agentId: researcher };
}
