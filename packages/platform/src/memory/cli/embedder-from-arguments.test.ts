import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { embedderSelectionFromArguments, withOpenAiKeyFromEnvironment } from './embedder-from-arguments';

/**
 * The re-embed CLI's key (ADR 0012: the environment's provider key goes to the provider's own
 * endpoint only). A local server plays the operator's TEI/Ollama and records the Authorization
 * header it was sent.
 */
let server: Server;
let baseUrl = '';
const authorizations: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    authorizations.push(request.headers.authorization);
    request.resume();
    request.on('end', () =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({
            object: 'list',
            data: [{ object: 'embedding', index: 0, embedding: [0.1, 0.2, 0.3, 0.4] }],
            model: 'e',
            usage: { prompt_tokens: 1, total_tokens: 1 },
          }),
        ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  authorizations.length = 0;
});

const operatorEnvironment = { OPENAI_API_KEY: 'sk-operator-openai-key', AGENTLOOM_ALLOW_PRIVATE_TARGETS: '127.0.0.1' };

async function authorizationSent(embedder: string, environment: NodeJS.ProcessEnv): Promise<string> {
  const selection = embedderSelectionFromArguments({ embedder, dimension: '4', 'base-url': baseUrl }, environment);
  await selection.embedder.embed(['hello']);
  expect(authorizations.length).toBeGreaterThan(0);
  return authorizations.join(' ');
}

describe('re-embed CLI: which key goes to a --base-url', () => {
  it.each(['openai-compatible:e', 'openai:e'])('%s at a base URL never gets OPENAI_API_KEY', async (embedder) => {
    expect(await authorizationSent(embedder, operatorEnvironment)).not.toContain('sk-operator-openai-key');
  });

  it('sends AGENTLOOM_EMBEDDER_API_KEY, the key the operator set for the embedder, to its base URL', async () => {
    const sent = await authorizationSent('openai-compatible:e', { ...operatorEnvironment, AGENTLOOM_EMBEDDER_API_KEY: 'embedder-key' });
    expect(sent).toBe('Bearer embedder-key');
  });
});

describe('re-embed CLI: OPENAI_API_KEY for OpenAI itself', () => {
  const openAi = { provider: 'openai', model: 'text-embedding-3-small', dimension: 1536 } as const;

  it('is used for openai: without a base URL, unless the embedder has its own key', () => {
    expect(withOpenAiKeyFromEnvironment(openAi, operatorEnvironment)).toEqual({ ...openAi, apiKey: 'sk-operator-openai-key' });
    expect(withOpenAiKeyFromEnvironment({ ...openAi, apiKey: 'embedder-key' }, operatorEnvironment)).toEqual({ ...openAi, apiKey: 'embedder-key' });
  });

  it('is not used for any config that names another endpoint', () => {
    const gateway = { ...openAi, baseURL: 'https://gateway.example/v1' };
    expect(withOpenAiKeyFromEnvironment(gateway, operatorEnvironment)).toEqual(gateway);
    const compatible = { provider: 'openai-compatible', model: 'e', dimension: 4, baseURL: 'http://127.0.0.1:1/v1' } as const;
    expect(withOpenAiKeyFromEnvironment(compatible, operatorEnvironment)).toEqual(compatible);
  });
});
