export { createTestPlatform, silentLogger, type TestPlatform } from './test-platform';
