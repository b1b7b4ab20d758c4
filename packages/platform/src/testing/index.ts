export { createTestPlatform, silentLogger, testSecretKey, type TestPlatform } from './test-platform';
export { createTestAgent, type TestAgentOptions } from './create-test-agent';
export { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './webhook-receiver';
export { seedLongRun, type SeedLongRunOptions, type SeededLongRun } from './seed-long-run';
