import { createThreadInputSchema, listThreadsInputSchema, threadMessagesInputSchema } from '@agentloom/platform';

import type { ApiOperation } from '../api-operation';
import { threadMessagePageSchema, threadPageSchema, threadSchema } from '../../views/thread-views';
import { updateThreadRequestSchema } from '../request-schemas';

const threadId = { id: 'The thread id (uuid).' };

/** Conversations runs continue (`threadId` on run creation). */
export const threadsOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/threads',
    operationId: 'listThreads',
    tag: 'Threads',
    summary: 'List threads, most recently active first',
    role: 'viewer',
    query: listThreadsInputSchema,
    success: { status: 200, schema: threadPageSchema, description: '`{ threads, nextCursor }`.' },
  },
  {
    method: 'post',
    path: '/api/v1/threads',
    operationId: 'createThread',
    tag: 'Threads',
    summary: 'Create a thread',
    role: 'operator',
    body: createThreadInputSchema,
    success: { status: 201, schema: threadSchema, description: 'The thread (`Location` names it).' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/threads/{id}',
    operationId: 'getThread',
    tag: 'Threads',
    summary: 'Read one thread',
    role: 'viewer',
    pathParameters: threadId,
    success: { status: 200, schema: threadSchema, description: 'The thread.' },
    errors: [404],
  },
  {
    method: 'patch',
    path: '/api/v1/threads/{id}',
    operationId: 'updateThread',
    tag: 'Threads',
    summary: 'Rename and/or archive a thread',
    role: 'operator',
    pathParameters: threadId,
    body: updateThreadRequestSchema,
    success: { status: 200, schema: threadSchema, description: 'The updated thread.' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/threads/{id}/messages',
    operationId: 'listThreadMessages',
    tag: 'Threads',
    summary: "Page a thread's conversation across its runs",
    description: 'Oldest run first, each run in index order; every message carries its `runId`.',
    role: 'viewer',
    pathParameters: threadId,
    query: threadMessagesInputSchema.omit({ threadId: true }),
    success: { status: 200, schema: threadMessagePageSchema, description: '`{ messages, nextCursor }`.' },
    errors: [404],
  },
];
