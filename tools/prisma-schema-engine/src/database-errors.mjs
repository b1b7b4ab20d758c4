import { databaseNameOf, serverAddressOf } from './connection-url.mjs';

/** An error carrying one of Prisma's user-facing error codes (P1000…), as the native engine reports them. */
export class KnownDatabaseError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * Translates a `pg` connection or query error into the user-facing error the native engine would
 * report for the same situation; the CLI branches on these codes (P1003 → create the database).
 */
export function toKnownDatabaseError(error, url) {
  const address = serverAddressOf(url);
  const [host, port] = address.split(':');
  const databaseName = databaseNameOf(url);
  const user = decodeURIComponent(new URL(url).username || 'postgres');
  switch (error?.code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
      return new KnownDatabaseError(
        'P1001',
        `Can't reach database server at \`${host}:${port}\`\n\nPlease make sure your database server is running at \`${host}:${port}\`.`,
      );
    case '3D000':
      return new KnownDatabaseError(
        'P1003',
        `Database \`${databaseName}\` does not exist on the database server at \`${address}\`.`,
      );
    case '28P01':
    case '28000':
      return new KnownDatabaseError(
        'P1000',
        `Authentication failed against database server, the provided database credentials for \`${user}\` are not valid.\n\nPlease make sure to provide valid database credentials for the database server at the configured address.`,
      );
    case '42P04':
      return new KnownDatabaseError(
        'P1009',
        `Database \`${databaseName}\` already exists on the database server at \`${address}\``,
      );
    default:
      return error instanceof Error ? error : new Error(String(error));
  }
}
