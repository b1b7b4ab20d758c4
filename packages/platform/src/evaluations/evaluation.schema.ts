import { z } from 'zod';

import { databaseIntegerSchema } from '../validation/database-integer.schema';
import { recordedFeedbackSchema, recordedMemorySchema, recordedToolResultSchema } from './case-fixture';

export const datasetNameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]*$/, 'letters, digits, dots, dashes and underscores, starting with a letter or digit');

/** What a replayed call with no recorded match does. Never executes an `unsafe` (or `idempotent`) tool. */
export const unmatchedToolPolicySchema = z.enum(['fail', 'live-if-no-side-effects']);
export type UnmatchedToolPolicy = z.infer<typeof unmatchedToolPolicySchema>;

export const createDatasetInputSchema = z.object({
  name: datasetNameSchema,
  description: z.string().max(2_000).default(''),
  unmatchedToolPolicy: unmatchedToolPolicySchema.default('fail'),
});

export const datasetRefSchema = z.object({ name: datasetNameSchema });

export const addRunsInputSchema = z.object({
  name: datasetNameSchema,
  runIds: z.array(z.uuid()).min(1).max(500),
  /** Expected output for every added case (optional; scorers fall back to the recorded output). */
  expectedOutput: z.string().max(100_000).optional(),
  labels: z.array(z.string().min(1).max(100)).max(20).default([]),
});

/** One hand-written case, one per JSONL line. Tool results are served in the order given. */
export const handWrittenCaseSchema = z.object({
  input: z.string().min(1).max(100_000),
  expectedOutput: z.string().max(100_000).optional(),
  labels: z.array(z.string().min(1).max(100)).max(20).default([]),
  threadContext: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })).default([]),
  memoryInjections: z.array(recordedMemorySchema).default([]),
  toolResults: z.array(recordedToolResultSchema).default([]),
  /** Outcomes and rewards the case carries (as exported from a recorded case). */
  feedback: z.array(recordedFeedbackSchema).max(100).default([]),
});
export type HandWrittenCase = z.infer<typeof handWrittenCaseSchema>;

export const importCasesInputSchema = z.object({
  name: datasetNameSchema,
  /** JSON Lines: one case object per non-empty line. */
  jsonl: z.string().min(1).max(5_000_000),
});

/** Built-in scorers an experiment can apply besides the tool-sequence and usage scores every case gets. */
export const scorerSchema = z.discriminatedUnion('type', [
  /** The replay's output equals the case's expected output (the recorded output when none is set). */
  z.object({ type: z.literal('exact'), trim: z.boolean().default(true) }),
  /** The output contains the given text (or the expected output when no text is given). */
  z.object({ type: z.literal('contains'), text: z.string().min(1).optional(), ignoreCase: z.boolean().default(false) }),
  z.object({ type: z.literal('regex'), pattern: z.string().min(1).max(1_000), flags: z.string().regex(/^[imsu]*$/).default('') }),
  /** The output parses as JSON and satisfies the schema. */
  z.object({ type: z.literal('json-schema'), schema: z.record(z.string(), z.unknown()) }),
  /** Tool names and canonical arguments equal the recorded sequence (`namesOnly` ignores arguments). */
  z.object({ type: z.literal('tool-sequence'), namesOnly: z.boolean().default(false) }),
  /** Fails when a memory item the replay read (the case's recorded reads) has since been superseded. */
  z.object({ type: z.literal('memory-superseded') }),
  /** Fails when an expected memory item (by key or id) was not among the memory the replay read. */
  z
    .object({ type: z.literal('memory-expected'), keys: z.array(z.string().min(1).max(200)).max(50).default([]), ids: z.array(z.uuid()).max(50).default([]) })
    .refine((scorer) => scorer.keys.length + scorer.ids.length > 0, { message: 'name at least one expected key or id', path: ['keys'] }),
  /**
   * An LLM judge through the model gateway: the judge agent version's model (or its demo script,
   * offline) grades the replay's output against the rubric with a score in 0…1 and an explanation.
   */
  z.object({
    type: z.literal('llm-judge'),
    rubric: z.string().min(1).max(10_000),
    judgeAgentId: z.uuid(),
    judgeAgentVersion: databaseIntegerSchema.positive(),
    passThreshold: z.number().min(0).max(1).default(0.5),
  }),
  /** A scorer from the deployment's scorer modules (AGENTLOOM_SCORER_MODULES), by name, with its options. */
  z.object({ type: z.literal('custom'), name: z.string().min(1).max(100), options: z.record(z.string(), z.unknown()).default({}) }),
]);
export type Scorer = z.infer<typeof scorerSchema>;

/** Where a replay's memory reads come from. `recorded`: what the recorded run was given; `live`: the tenant's memory as it is now. A replay never writes memory. */
export const memoryModeSchema = z.enum(['recorded', 'live']);
export type MemoryMode = z.infer<typeof memoryModeSchema>;

export const createExperimentInputSchema = z.object({
  dataset: datasetNameSchema,
  agentId: z.uuid(),
  agentVersion: databaseIntegerSchema.positive(),
  baselineExperimentId: z.uuid().optional(),
  modelMode: z.enum(['recorded', 'live']).default('recorded'),
  memoryMode: memoryModeSchema.default('recorded'),
  scorers: z.array(scorerSchema).max(20).default([{ type: 'tool-sequence', namesOnly: false }]),
});
export type CreateExperimentInput = z.input<typeof createExperimentInputSchema>;

export const experimentIdInputSchema = z.object({ experimentId: z.uuid() });
