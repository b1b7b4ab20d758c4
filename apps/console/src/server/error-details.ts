/**
 * An error as loggable data. The platform logger serializes data with JSON.stringify, which
 * prints `{}` for Error objects; this keeps name, message and stack.
 */
export function errorDetails(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { value: String(error) };
}
