export { createTestPlatform, silentLogger, type TestPlatform } from './test-platform';
export { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './webhook-receiver';
