import type { Database } from '@agentloom/db';

/** Per "schema.table", its selected rows as JSON text, sorted: two snapshots are equal when nothing in them changed. */
export type RowsSnapshot = Record<string, string[]>;

interface TableColumns {
  schema: string;
  table: string;
  columns: Set<string>;
}

/**
 * Every row of a tenant, in every table of the public and vector schemas that has a tenant: what an
 * erase elsewhere must leave exactly as it was.
 */
export function rowsOfTenant(database: Database, tenantId: string): Promise<RowsSnapshot> {
  return snapshot(database, tenantId, ({ table, columns }) => {
    if (table === 'tenants') return 'id = $1::uuid';
    return columns.has('tenant_id') ? 'tenant_id = $1::uuid' : undefined;
  });
}

/**
 * Every row of one run: the run, its thread, every row that names it by `run_id`, the memory it
 * wrote (and those items' embeddings, injections and decisions), the evaluation cases recorded from
 * it, the audit records about it, its approvals and its tool calls, and its webhook deliveries.
 */
export function rowsOfRun(database: Database, runId: string): Promise<RowsSnapshot> {
  const itemsOfRun = 'SELECT id FROM memory_items WHERE source_run_id = $1::uuid';
  const idsOfRun = (table: string) => `SELECT id::text FROM ${table} WHERE run_id = $1::uuid`;
  return snapshot(database, runId, ({ table, columns }) => {
    if (table === 'runs') return 'id = $1::uuid';
    if (table === 'threads') return 'id = (SELECT thread_id FROM runs WHERE id = $1::uuid)';
    if (table === 'memory_items' || table === 'eval_cases') return 'source_run_id = $1::uuid';
    // Audit records about the run, its approvals or its tool calls (an erase redacts those of the erased run only).
    if (table === 'audit_logs') return `target_id = $1::text OR target_id IN (${idsOfRun('approvals')} UNION ALL ${idsOfRun('tool_calls')})`;
    if (table === 'webhook_deliveries') return "split_part(event_id, ':', 1) = $1::text";
    if (columns.has('memory_item_id') && columns.has('run_id')) return `run_id = $1::uuid OR memory_item_id IN (${itemsOfRun})`;
    if (columns.has('memory_item_id')) return `memory_item_id IN (${itemsOfRun})`;
    return columns.has('run_id') ? 'run_id = $1::uuid' : undefined;
  });
}

async function snapshot(database: Database, parameter: string, condition: (table: TableColumns) => string | undefined): Promise<RowsSnapshot> {
  const rows = await database.sql.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT table_schema, table_name, column_name FROM information_schema.columns
      WHERE table_schema IN ('public', 'agentloom_vector') AND table_name NOT LIKE '\\_prisma%'`,
  );
  const tables = new Map<string, TableColumns>();
  for (const row of rows) {
    const name = `${row.table_schema}.${row.table_name}`;
    const table = tables.get(name) ?? { schema: row.table_schema, table: row.table_name, columns: new Set<string>() };
    table.columns.add(row.column_name);
    tables.set(name, table);
  }
  const result: RowsSnapshot = {};
  for (const [name, table] of [...tables].sort(([left], [right]) => left.localeCompare(right))) {
    const where = condition(table);
    if (where === undefined) continue;
    const selected = await database.sql.query<{ row: string }>(
      `SELECT to_jsonb(t)::text AS row FROM "${table.schema}"."${table.table}" AS t WHERE ${where} ORDER BY 1`,
      parameter,
    );
    if (selected.length > 0) result[name] = selected.map((entry) => entry.row);
  }
  return result;
}
