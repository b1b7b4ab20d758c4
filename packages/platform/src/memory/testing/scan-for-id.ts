import type { Database } from '@agentloom/db';

/**
 * Every row, in every table of the public and vector schemas, that mentions one of the ids — in a
 * uuid or uuid[] column, or anywhere inside a text or JSON column (scope ids, event ids, payloads) —
 * the proof an erase left nothing behind. Audit records of the erase itself are exempt: the log
 * must say that something was erased. Returns "table.column" per hit.
 */
export async function scanForIds(database: Database, ids: readonly string[]): Promise<string[]> {
  const columns = await database.sql.query<{ table_schema: string; table_name: string; column_name: string; udt_name: string }>(
    `SELECT table_schema, table_name, column_name, udt_name FROM information_schema.columns
      WHERE table_schema IN ('public', 'agentloom_vector')
        AND udt_name IN ('uuid', '_uuid', 'text', 'varchar', 'json', 'jsonb', '_text')
        AND table_name NOT LIKE '\\_prisma%'`,
  );
  const hits: string[] = [];
  for (const column of columns) {
    const table = `"${column.table_schema}"."${column.table_name}"`;
    const name = `"${column.column_name}"`;
    const condition =
      column.udt_name === 'uuid'
        ? `${name} = ANY($1::uuid[])`
        : column.udt_name === '_uuid'
          ? `${name} && $1::uuid[]`
          : `EXISTS (SELECT 1 FROM unnest($1::text[]) AS id WHERE ${name}::text LIKE '%' || id || '%')`;
    const exemption = column.table_name === 'audit_logs' ? ` AND action NOT LIKE '%.erase'` : '';
    const [row] = await database.sql.query<{ count: bigint }>(`SELECT count(*) AS count FROM ${table} WHERE (${condition})${exemption}`, [...ids]);
    if (Number(row?.count ?? 0) > 0) hits.push(`${column.table_name}.${column.column_name}`);
  }
  return hits;
}
