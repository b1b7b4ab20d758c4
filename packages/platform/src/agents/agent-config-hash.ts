import { stableHash } from '@agentloom/runtime';

import { mapModelKeys } from './agent-config-secrets';
import { mapCredentialUrls } from './agent-model-urls';
import type { AgentVersionConfig } from './agent-version-config';

/**
 * sha256 of the canonical JSON (sorted keys) of an effective config: equal configs, equal hashes.
 * Every role reads a version's hash beside its redacted config, so the model keys in it are hashed
 * as their keyed fingerprints (`SecretBox.fingerprint`), not as themselves: a hash over the plaintext
 * confirmed a guessed key offline (substitute the guess, hash, compare). A base URL that carries a
 * credential (views show it with `***`) is hashed as its fingerprint for the same reason.
 */
export function hashAgentConfig(config: AgentVersionConfig, fingerprint: (secret: string) => string): string {
  return stableHash(mapModelKeys(mapCredentialUrls(config, fingerprint), fingerprint));
}
