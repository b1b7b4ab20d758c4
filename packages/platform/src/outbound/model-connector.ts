import { createModelGateway, type AiSdkModelGateway, type CreateModelGatewayOptions, type FetchFunction } from '@agentloom/runtime';

import type { AgentVersionConfig } from '../agents/agent-version-config';
import type { SecretBox } from '../secrets/secret-box';

type ModelEntry = NonNullable<AgentVersionConfig['model']>;

/**
 * The only way the platform builds a model gateway from a stored agent config: API keys are
 * decrypted here, at the last moment, and every provider request goes through the deployment's
 * outbound policy (the guarded `fetch`: checked address at every connection, no redirects).
 */
export class ModelConnector {
  constructor(
    /** The outbound policy's guarded fetch, shared by model and embedder providers. */
    readonly fetch: FetchFunction,
    private readonly secrets: SecretBox,
  ) {}

  /** A gateway for `model` (and its fallbacks), keys opened, requests guarded. */
  gateway(model: ModelEntry, options: Omit<CreateModelGatewayOptions, 'fetch' | 'fallbacks'> & { fallbacks?: readonly ModelEntry[] } = {}): AiSdkModelGateway {
    const open = (entry: ModelEntry): ModelEntry => (entry.apiKey === undefined ? entry : { ...entry, apiKey: this.secrets.open(entry.apiKey) });
    return createModelGateway(open(model), { ...options, fallbacks: (options.fallbacks ?? []).map(open), fetch: this.fetch });
  }
}
