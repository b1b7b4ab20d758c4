export { createTestPlatform, silentLogger, testSecretKey, type TestPlatform } from './test-platform';
export { createTestAgent, type TestAgentOptions } from './create-test-agent';
export { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './webhook-receiver';
export { seedLongRun, type SeedLongRunOptions, type SeededLongRun } from './seed-long-run';
export { createFixtureMcpServer, type FixtureMcpServerOptions, type RecordedMcpCall } from './mcp/fixture-mcp-server';
export { startHttpMcpFixture, type HttpMcpFixture } from './mcp/http-mcp-server';
export { stdioFixtureAllowList } from './mcp/stdio-fixture-allow-list';
export { createAndClaimRuns, type CreateAndClaimOptions } from './create-and-claim-runs';
export { runsNotifiedBeforeMarker, type RunNotificationProbe } from './runs-notified-before-marker';
