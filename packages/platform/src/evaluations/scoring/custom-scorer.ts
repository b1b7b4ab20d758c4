import { z } from 'zod';

import type { CaseScore } from './output-scorers';

/** What a custom scorer is given about one case: copies, so a scorer cannot change what others see. */
export interface CustomScorerInput {
  input: string;
  output: string | null;
  /** The case's expected output, else the recorded run's output. */
  expected: string | null;
  /** `succeeded` | `failed` | `cancelled`. */
  runStatus: string;
  /** The replay's top-level tool calls, in call order. */
  toolCalls: { name: string; arguments: unknown }[];
  /** The recorded run's tool calls with their results, in call order. */
  recordedToolCalls: { name: string; arguments: Record<string, unknown>; content: string; isError: boolean }[];
  /** The memory items the replay read (the case's recorded reads). */
  memoryRead: { id: string; kind: string; key?: string; content: string }[];
  labels: string[];
  /** The experiment's options for this scorer (`{ type: 'custom', name, options }`). */
  options: Record<string, unknown>;
}

/** A verdict (null: a measurement), a value in 0…1, and why. */
export interface CustomScorerResult {
  passed: boolean | null;
  value: number;
  explanation: string;
}

/**
 * A scorer written as code, loaded like a tool module (ADR 0011): an operator lists its file in
 * AGENTLOOM_SCORER_MODULES, the module exports `scorers`, tenants pick one by name. It runs in the
 * console process with the operator's trust, as tool modules do; tenants can only name it.
 */
export interface CustomScorer {
  name: string;
  description: string;
  score(input: Readonly<CustomScorerInput>, signal: AbortSignal): CustomScorerResult | Promise<CustomScorerResult>;
}

/** Declares a custom scorer (checks the name at definition, so a bad module fails at start). */
export function defineScorer(scorer: CustomScorer): CustomScorer {
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(scorer.name)) throw new Error(`Scorer name "${scorer.name}": lowercase letters, digits, dots, dashes and underscores`);
  return scorer;
}

const resultSchema = z.object({ passed: z.boolean().nullable(), value: z.number().min(0).max(1), explanation: z.string().min(1).max(10_000) });

/** How long a custom scorer may take per case before its score is a failure that says so. */
export const customScorerTimeoutMs = 10_000;

/**
 * Runs one custom scorer on one case. Whatever it does wrong — throws, times out, returns something
 * else than `{ passed, value 0…1, explanation }` — is a failed score naming the problem, never an
 * error that stops the experiment's scoring.
 */
export async function runCustomScorer(scorer: CustomScorer, input: CustomScorerInput, timeoutMs = customScorerTimeoutMs): Promise<CaseScore> {
  const name = `custom:${scorer.name}`;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const raw: unknown = await Promise.race([Promise.resolve().then(() => scorer.score(Object.freeze(structuredClone(input)), controller.signal)), timeout]);
    const parsed = resultSchema.safeParse(raw);
    if (!parsed.success) return { scorer: name, passed: false, value: 0, explanation: `the scorer returned no valid result (${parsed.error.issues[0]?.path.join('.') || 'result'}: ${parsed.error.issues[0]?.message ?? 'invalid'})` };
    return { scorer: name, ...parsed.data };
  } catch (error) {
    return { scorer: name, passed: false, value: 0, explanation: `the scorer failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    clearTimeout(timer);
  }
}
