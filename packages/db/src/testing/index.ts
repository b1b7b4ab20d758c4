export {
  createTestDatabaseConfig,
  databaseModes,
  repositoryMigrationsDirectory,
  testServerUrl,
  type TestDatabaseConfig,
} from './test-databases';
