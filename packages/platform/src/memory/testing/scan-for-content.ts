import type { Database } from '@agentloom/db';

/**
 * Every text, varchar and JSON column (arrays included) of every table in the public and vector
 * schemas that contains one of the markers anywhere in its text — the proof an erase left no copy of
 * the content behind, wherever it was copied to. Returns "table.column" per hit; `exceptColumns`
 * ("table.column") are not scanned.
 */
export async function scanForContent(database: Database, markers: readonly string[], options: { exceptColumns?: readonly string[] } = {}): Promise<string[]> {
  const columns = await database.sql.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT table_schema, table_name, column_name FROM information_schema.columns
      WHERE table_schema IN ('public', 'agentloom_vector')
        AND udt_name IN ('text', 'varchar', 'json', 'jsonb', '_text', '_varchar', '_json', '_jsonb', 'bpchar')
        AND table_name NOT LIKE '\\_prisma%'`,
  );
  const hits: string[] = [];
  for (const column of columns) {
    if (options.exceptColumns?.includes(`${column.table_name}.${column.column_name}`)) continue;
    const [row] = await database.sql.query<{ count: bigint }>(
      `SELECT count(*) AS count FROM "${column.table_schema}"."${column.table_name}"
        WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS marker WHERE "${column.column_name}"::text LIKE '%' || marker || '%')`,
      [...markers],
    );
    if (Number(row?.count ?? 0) > 0) hits.push(`${column.table_name}.${column.column_name}`);
  }
  return hits;
}
