import { createHash } from 'node:crypto';
import type { ToolDefinition } from '../contracts/tool';

/** OpenAI and Anthropic both accept only this alphabet, at most 64 characters, for tool names. */
const maximumLength = 64;

function sanitize(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_-]/g, '_');
  if (safe.length <= maximumLength) return safe;
  const digest = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${safe.slice(0, maximumLength - 9)}_${digest}`;
}

/** Translates our tool names (which use dots, e.g. `mcp.github.search`) to provider-safe names and back. */
export interface ToolNameMapping {
  toProvider(name: string): string;
  fromProvider(name: string): string;
}

/**
 * Builds a reversible mapping for one request. Dots and other characters providers reject
 * become underscores; collisions between sanitized names get a numeric suffix so every
 * declared tool keeps a distinct provider name.
 */
export function createToolNameMapping(definitions: readonly ToolDefinition[]): ToolNameMapping {
  const toProvider = new Map<string, string>();
  const fromProvider = new Map<string, string>();
  for (const { name } of definitions) {
    if (toProvider.has(name)) continue;
    let candidate = sanitize(name);
    for (let suffix = 2; fromProvider.has(candidate); suffix += 1) {
      candidate = `${sanitize(name).slice(0, maximumLength - String(suffix).length - 1)}_${suffix}`;
    }
    toProvider.set(name, candidate);
    fromProvider.set(candidate, name);
  }
  return {
    // Names in the history that are no longer declared still need a valid provider name.
    toProvider: (name) => toProvider.get(name) ?? sanitize(name),
    fromProvider: (name) => fromProvider.get(name) ?? name,
  };
}
