import { ColumnTypeEnum } from '@prisma/driver-adapter-utils';

const CHAR_TYPE_OID = 18;
const NAME_TYPE_OID = 19;
const TEXT_TYPE_OID = 25;

/**
 * Teaches an `@prisma/adapter-pg` adapter the Postgres internal column types the schema engine's
 * catalog queries return: `name` (OID 19) is text, and `"char"` (OID 18, e.g.
 * `pg_constraint.contype`) is a one-character value the engine reads as `Character`. Unpatched,
 * adapter-pg 7.10 rejects OID 18 as unsupported, and typing it as text makes the engine panic
 * ("as char failed") on PGlite and Postgres 18, whose catalogs list NOT NULL constraints.
 *
 * Relies on adapter-pg's `queryRaw(query)` calling `this.performIO(query)` with the same query
 * object (true for the pinned 7.10.1): we relabel the fields there, then fix the column types.
 */
export function patchCatalogColumnTypes(queryable) {
  const characterColumnsByQuery = new WeakMap();

  const performIO = queryable.performIO.bind(queryable);
  queryable.performIO = async (query) => {
    const result = await performIO(query);
    const characterColumns = [];
    result.fields.forEach((field, index) => {
      if (field.dataTypeID === CHAR_TYPE_OID) characterColumns.push(index);
      if (field.dataTypeID === CHAR_TYPE_OID || field.dataTypeID === NAME_TYPE_OID) field.dataTypeID = TEXT_TYPE_OID;
    });
    if (characterColumns.length > 0) characterColumnsByQuery.set(query, characterColumns);
    return result;
  };

  const queryRaw = queryable.queryRaw.bind(queryable);
  queryable.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const index of characterColumnsByQuery.get(query) ?? []) result.columnTypes[index] = ColumnTypeEnum.Character;
    characterColumnsByQuery.delete(query);
    return result;
  };

  if (typeof queryable.startTransaction === 'function') {
    const startTransaction = queryable.startTransaction.bind(queryable);
    queryable.startTransaction = async (...args) => patchCatalogColumnTypes(await startTransaction(...args));
  }
  return queryable;
}
