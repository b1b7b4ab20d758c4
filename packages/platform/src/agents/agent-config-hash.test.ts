import { createHash } from 'node:crypto';

import { canonicalJson } from '@agentloom/runtime';
import { describe, expect, it } from 'vitest';

import { SecretBox } from '../secrets/secret-box';
import { hashAgentConfig } from './agent-config-hash';
import { redactConfigSecrets } from './agent-config-secrets';
import { parseConfig } from './agent-rows';

/**
 * Every role reads a version's `configHash` beside its redacted config. Hashed over the plaintext key,
 * the two together confirmed a guessed key offline: substitute the guess, hash, compare (an audit found
 * it with `ollama`). The key goes into the hash as its keyed fingerprint instead.
 */
describe('hashAgentConfig', () => {
  const box = new SecretBox(Buffer.alloc(32, 7));
  const fingerprint = (key: string) => box.fingerprint(key);
  const withKey = (apiKey: string) =>
    parseConfig({
      model: { provider: 'openai-compatible', model: 'llama3', baseURL: 'https://llm.example.com/v1', apiKey },
      fallbackModels: [{ provider: 'openai-compatible', model: 'small', baseURL: 'https://llm.example.com/v1', apiKey }],
    });

  it('does not confirm a guessed key to someone who reads the hash and the redacted config', () => {
    const stored = withKey('ollama');
    const configHash = hashAgentConfig(stored, fingerprint);
    const view = redactConfigSecrets(stored);
    const plainHash = (candidate: Record<string, unknown>) => createHash('sha256').update(canonicalJson(candidate)).digest('hex');
    for (const guess of ['sk-wrong', 'changeme', 'ollama']) {
      const guessed = { ...view, model: { ...view.model!, apiKey: guess }, fallbackModels: view.fallbackModels.map((model) => ({ ...model, apiKey: guess })) };
      expect(plainHash(guessed)).not.toBe(configHash);
      // Nor with a fingerprint under any other key (the guesser does not hold the deployment's).
      expect(hashAgentConfig(guessed, (key) => new SecretBox(Buffer.alloc(32, 8)).fingerprint(key))).not.toBe(configHash);
    }
  });

  it('does not confirm a guessed credential in a base URL to someone who reads the hash and the view', () => {
    const secretUrl = 'https://llm.example.com/v1?api-key=ollama';
    const stored = parseConfig({ model: { provider: 'openai-compatible', model: 'llama3', baseURL: secretUrl } });
    const configHash = hashAgentConfig(stored, fingerprint);
    expect(redactConfigSecrets(stored).model?.baseURL).toBe('https://llm.example.com/v1?api-key=***');
    const guessed = { ...stored, model: { ...stored.model!, baseURL: secretUrl } };
    expect(createHash('sha256').update(canonicalJson(guessed)).digest('hex')).not.toBe(configHash);
    expect(hashAgentConfig(guessed, (key) => new SecretBox(Buffer.alloc(32, 8)).fingerprint(key))).not.toBe(configHash);
    // Still told apart by the credential.
    expect(hashAgentConfig(parseConfig({ model: { ...stored.model!, baseURL: 'https://llm.example.com/v1?api-key=other' } }), fingerprint)).not.toBe(configHash);
  });

  it('still tells configs apart, keys included, and gives equal configs equal hashes', () => {
    expect(hashAgentConfig(withKey('ollama'), fingerprint)).toBe(hashAgentConfig(withKey('ollama'), fingerprint));
    expect(hashAgentConfig(withKey('ollama'), fingerprint)).not.toBe(hashAgentConfig(withKey('ollama2'), fingerprint));
    const config = withKey('ollama');
    expect(hashAgentConfig({ ...config, instructions: 'Be brief.' }, fingerprint)).not.toBe(hashAgentConfig(config, fingerprint));
  });
});
