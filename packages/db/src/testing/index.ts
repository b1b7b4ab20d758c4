export {
  createTestDatabaseConfig,
  databaseModes,
  repositoryMigrationsDirectory,
  testServerUrl,
  type TestDatabaseConfig,
  type TestDatabaseOptions,
} from './test-databases';
export { migratedEmbeddedArchive } from './embedded-template';
