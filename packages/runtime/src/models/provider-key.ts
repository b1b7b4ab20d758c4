/**
 * The key sent with a request. Given none, the OpenAI and Anthropic providers read the process's
 * environment (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`): the operator's key for the provider's own
 * endpoint. A config that names another endpoint (`baseURL`, chosen by whoever wrote the agent) gets
 * only the key saved with it, so it is given an empty one: the environment's key would otherwise
 * travel to an address it was never meant for (DESIGN §7: a secret goes only where it was saved for).
 * `openai-compatible` reads no environment variable.
 */
export function providerKeyFor(config: { apiKey?: string | undefined; baseURL?: string | undefined }): string | undefined {
  if (config.apiKey !== undefined) return config.apiKey;
  return config.baseURL === undefined ? undefined : '';
}
