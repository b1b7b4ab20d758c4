import type { Database } from '@agentloom/db';

/**
 * Every row, in every table of the public and vector schemas, that mentions one of the ids in a
 * uuid or uuid[] column — the proof an erase left nothing behind. Returns "table.column" per hit.
 */
export async function scanForIds(database: Database, ids: readonly string[]): Promise<string[]> {
  const columns = await database.sql.query<{ table_schema: string; table_name: string; column_name: string; data_type: string }>(
    `SELECT table_schema, table_name, column_name, data_type FROM information_schema.columns
      WHERE table_schema IN ('public', 'agentloom_vector') AND (udt_name = 'uuid' OR udt_name = '_uuid') AND table_name NOT LIKE '\\_prisma%'`,
  );
  const hits: string[] = [];
  for (const column of columns) {
    const table = `"${column.table_schema}"."${column.table_name}"`;
    const condition = column.data_type === 'ARRAY' ? `"${column.column_name}" && $1::uuid[]` : `"${column.column_name}" = ANY($1::uuid[])`;
    const [row] = await database.sql.query<{ count: bigint }>(`SELECT count(*) AS count FROM ${table} WHERE ${condition}`, [...ids]);
    if (Number(row?.count ?? 0) > 0) hits.push(`${column.table_name}.${column.column_name}`);
  }
  return hits;
}
