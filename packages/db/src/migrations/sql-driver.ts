/**
 * The smallest driver surface migrations need. Migration files hold several statements, which
 * Prisma's raw API (extended protocol) cannot run, so migrations talk to the driver directly
 * before the Prisma client is created: PGlite's `exec` or a pg client's simple query.
 */
export interface SqlDriver {
  /** Runs a script of one or more statements (simple query protocol). */
  exec(script: string): Promise<void>;
  /** Runs one parameterized statement. */
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
}
