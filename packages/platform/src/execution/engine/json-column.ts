import { z } from 'zod';

/** jsonb comes back parsed from the server driver and as text from some adapters. */
export function fromJsonColumn(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

const stepRowsResultSchema = z.object({ stepId: z.string() });

/** The answer of `agentloom_write_step_rows`: the id of the step row it wrote or kept. */
export function parseStepRowsResult(value: unknown): z.infer<typeof stepRowsResultSchema> {
  return stepRowsResultSchema.parse(fromJsonColumn(value));
}
