export { openDatabase, type Database, type DatabaseMode } from './connection/open-database';
export { databaseConfigSchema, inMemoryDataDirectory, type DatabaseConfig } from './connection/database-config';
export { DatabaseError, type DatabaseErrorKind } from './connection/database-error';
export { rawSqlFor, type RawSql, type PrismaExecutor } from './connection/raw-sql';
export type { MigrationStatus } from './migrations/apply-migrations';
export { vectorUnavailableFix, type VectorSupport } from './vector/vector-support';
export { Prisma, type PrismaClient } from './generated/prisma/client';
export * as DatabaseEnums from './generated/prisma/enums';
export type { NotificationHandler, NotificationListener } from './notifications/notification-listener';
