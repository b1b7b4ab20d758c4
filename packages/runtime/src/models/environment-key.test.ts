import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createModelGateway } from './create-model-gateway';
import { anthropicStream } from './test-support/anthropic-wire';
import { modelRequest } from './test-support/model-request';
import { openAiStream } from './test-support/openai-wire';
import { startWireServer, type WireServer } from './test-support/wire-server';

/**
 * The providers read OPENAI_API_KEY / ANTHROPIC_API_KEY from the environment when a config has no
 * key. An audit set the operator's key in the executor's environment and saved an agent whose
 * model had a tenant-chosen `baseURL` and no key: the tenant's server received
 * `Authorization: Bearer <the operator's key>`. A key from the environment is for the provider's
 * own endpoint only.
 */
describe('a model config with its own baseURL and no key', () => {
  let server: WireServer;
  beforeEach(async () => {
    server = await startWireServer();
    vi.stubEnv('OPENAI_API_KEY', 'sk-OPERATOR-ENVIRONMENT-KEY');
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-OPERATOR-ENVIRONMENT-KEY');
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await server.close();
  });

  const sentHeaders = () => JSON.stringify(server.requests.map((request) => request.headers));

  it('sends OpenAI requests without the environment’s key', async () => {
    server.reply(openAiStream({ textDeltas: ['ok'], usage: { prompt: 1, completion: 1 } }));
    await createModelGateway({ provider: 'openai', model: 'gpt-test', baseURL: server.baseURL }, { fetch: server.fetch }).invoke(modelRequest());
    expect(server.requests).toHaveLength(1);
    expect(sentHeaders()).not.toContain('OPERATOR-ENVIRONMENT-KEY');
  });

  it('sends Anthropic requests without the environment’s key', async () => {
    server.reply(anthropicStream({ textDeltas: ['ok'], usage: { input: 1, output: 1 } }));
    await createModelGateway({ provider: 'anthropic', model: 'claude-test', baseURL: server.baseURL }, { fetch: server.fetch }).invoke(modelRequest());
    expect(server.requests).toHaveLength(1);
    expect(sentHeaders()).not.toContain('OPERATOR-ENVIRONMENT-KEY');
  });

  it('still sends the key saved with the config', async () => {
    server.reply(openAiStream({ textDeltas: ['ok'], usage: { prompt: 1, completion: 1 } }));
    await createModelGateway({ provider: 'openai', model: 'gpt-test', baseURL: server.baseURL, apiKey: 'saved-key' }, { fetch: server.fetch }).invoke(
      modelRequest(),
    );
    expect(server.requests[0]?.headers.authorization).toBe('Bearer saved-key');
  });
});
