import { InvalidCheckpointError } from '../errors';
import { checkpointFormatVersion, checkpointSchema, type Checkpoint } from './checkpoint-schema';

/** Checkpoint → JSON text for storage. */
export function serializeCheckpoint(checkpoint: Checkpoint): string {
  return JSON.stringify(checkpoint);
}

/** Validates a stored checkpoint (text or parsed JSON). Throws `InvalidCheckpointError` naming what is wrong. */
export function parseCheckpoint(input: unknown): Checkpoint {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new InvalidCheckpointError('Checkpoint is not valid JSON', error);
    }
  }
  const format = (value as { format?: unknown } | null)?.format;
  if (format !== checkpointFormatVersion) {
    throw new InvalidCheckpointError(`Unsupported checkpoint format ${JSON.stringify(format)}; expected ${checkpointFormatVersion}`);
  }
  const result = checkpointSchema.safeParse(value);
  if (!result.success) {
    throw new InvalidCheckpointError(`Invalid checkpoint: ${result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  return result.data;
}
