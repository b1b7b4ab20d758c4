import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Ajv } from 'ajv';

/**
 * Checks the merged values against the chart's values.schema.json, as `helm install` and
 * `helm template` do before rendering: an unknown key (`autoscaling.enable`) or a value out of range
 * fails with its path instead of being ignored.
 */
export function validateValues(values: Record<string, unknown>, directory: string): void {
  const schemaPath = join(directory, 'values.schema.json');
  if (!existsSync(schemaPath)) return;
  const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(schemaPath, 'utf8')) as object);
  if (validate(values)) return;
  const problems = (validate.errors ?? []).map((error) => {
    const path = error.instancePath.slice(1).replaceAll('/', '.') || '(root)';
    const unknown = (error.params as { additionalProperty?: string }).additionalProperty;
    return unknown === undefined ? `${path}: ${error.message ?? 'invalid'}` : `${path === '(root)' ? '' : `${path}.`}${unknown}: unknown value`;
  });
  throw new Error(`values don't meet the specifications of the schema: ${problems.join('; ')}`);
}
