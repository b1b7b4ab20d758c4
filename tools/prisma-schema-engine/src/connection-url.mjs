/** Returns `url` pointing at another database on the same server, keeping credentials and query. */
export function withDatabaseName(url, databaseName) {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(databaseName)}`;
  return parsed.toString();
}

/** The database name a Postgres connection string points at (Postgres defaults it to the user name). */
export function databaseNameOf(url) {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  return name || decodeURIComponent(parsed.username) || 'postgres';
}

/** `host:port` as Prisma's error messages print it. */
export function serverAddressOf(url) {
  const parsed = new URL(url);
  return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`;
}

/** The `?schema=` parameter Prisma connection strings use to select a Postgres schema. */
export function schemaParameterOf(url) {
  return new URL(url).searchParams.get('schema') ?? undefined;
}
