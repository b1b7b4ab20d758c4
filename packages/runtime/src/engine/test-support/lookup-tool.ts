import { z } from 'zod';
import type { AnyTool } from '../../contracts/tool-registry';

/** A small deterministic tool for engine tests. */
export function lookupTool(overrides: Partial<AnyTool> = {}): AnyTool {
  return {
    name: 'lookup',
    description: 'Look up a word',
    implementationId: 'test-tools/v1/lookup',
    inputSchema: z.object({ word: z.string().min(1) }),
    sideEffects: 'none',
    execute(args: { word: string }) {
      return Promise.resolve({ content: `definition of ${args.word}` });
    },
    ...overrides,
  };
}

export const reactSnapshot = { config: { instructions: 'Be brief.', mode: 'react' as const, completion: { verify: false, requireToolEvidence: false } } };
