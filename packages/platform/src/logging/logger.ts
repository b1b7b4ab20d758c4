/** Structured logger the platform writes to; apps decide where lines go. */
export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/** One line per record, `level message {json}`, to stdout/stderr. */
export const consoleLogger: Logger = {
  info: (message, data) => console.log(format('info', message, data)),
  warn: (message, data) => console.warn(format('warn', message, data)),
  error: (message, data) => console.error(format('error', message, data)),
};

function format(level: string, message: string, data?: Record<string, unknown>): string {
  const suffix = data && Object.keys(data).length > 0 ? ` ${JSON.stringify(data)}` : '';
  return `[agentloom] ${level} ${message}${suffix}`;
}
