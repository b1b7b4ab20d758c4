import type { Prisma } from '@agentloom/db';

/** A stored message as clients see it (run pages, thread pages, the REST API). */
export interface RunMessageView {
  id: string;
  runId: string;
  index: number;
  stepId: string | null;
  role: 'system' | 'user' | 'assistant' | 'tool';
  kind: string;
  content: string;
  toolCalls: Prisma.JsonValue;
  toolCallId: string | null;
  toolName: string | null;
  isError: boolean;
  memoryItemIds: string[];
  createdAt: string;
}

type MessageRow = Prisma.MessageGetPayload<Record<string, never>>;

export function toMessageView(row: MessageRow): RunMessageView {
  return {
    id: row.id,
    runId: row.runId,
    index: row.index,
    stepId: row.stepId,
    role: row.role,
    kind: row.kind,
    content: row.content,
    toolCalls: row.toolCalls,
    toolCallId: row.toolCallId,
    toolName: row.toolName,
    isError: row.isError,
    memoryItemIds: row.memoryItemIds,
    createdAt: row.createdAt.toISOString(),
  };
}
