import { consoleLogger } from '@agentloom/platform';
import { errorDetails } from '~/server/error-details';
import { createMiddleware } from '~/server/trpc/init';
import { mapProcedureError } from '~/server/trpc/domain-error-mapping';

/**
 * The one error path for every procedure: maps domain errors to tRPC codes, input validation to
 * BAD_REQUEST naming the field, and masks everything else. Logged by severity; procedures never
 * catch errors themselves.
 */
export const errorMiddleware = createMiddleware(async ({ next, path, type }) => {
  const result = await next();
  if (result.ok) return result;

  const mapped = mapProcedureError(result.error);
  if (mapped.severity === 'internal') {
    consoleLogger.error(`tRPC ${type} ${path} failed`, errorDetails(mapped.original));
  } else if (mapped.severity === 'warning') {
    consoleLogger.warn(`tRPC ${type} ${path}: ${mapped.error.message}`);
  }
  throw mapped.error;
});
