export { createClient, type AgentLoomClient } from './client.ts';
export { AgentLoomApiError, type ApiErrorBody } from './api-error.ts';
export type { ClientOptions } from './transport.ts';
export type { StreamRunEventsOptions } from './run-event-stream.ts';
export type { CreateRunInput, ListRunsInput } from './resources/runs-resource.ts';
export type { ListApprovalsInput } from './resources/approvals-resource.ts';
export type { ListThreadsInput } from './resources/threads-resource.ts';
export type { ListMemoriesInput, SearchMemoriesOptions, StoreMemoryInput } from './resources/memories-resource.ts';
export type * from './types.ts';
