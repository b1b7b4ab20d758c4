import { preparedStatement, queryRows, type StatementRunner } from '@agentloom/db';
import { z } from 'zod';

import { fromJsonColumn } from './json-column';

/** What `agentloom_tool_call_starting` takes: the call, who runs it, and a proposed row id. */
export interface ToolCallStartingDocument {
  runId: string;
  tenantId: string;
  owner: string;
  attempt: number;
  now: string;
  id: string;
  callId: string;
  name: string;
  implementationId: string;
  sideEffects: string;
  arguments: unknown;
  idempotencyKey: string;
  parentCallId?: string;
  subAgent?: string;
  childInstanceId?: string;
}

const toolCallStartingResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('run') }),
  z.object({ outcome: z.literal('replay'), status: z.enum(['succeeded', 'failed']), result: z.unknown() }),
  z.object({ outcome: z.literal('veto') }),
  z.object({ outcome: z.literal('lease-lost') }),
  z.object({ outcome: z.literal('cancel-requested') }),
]);

export type ToolCallStartingResult = z.infer<typeof toolCallStartingResultSchema>;

const toolCallStarting = preparedStatement('SELECT agentloom_tool_call_starting($1::jsonb) AS result');
const toolCallFinished = preparedStatement('SELECT agentloom_tool_call_finished($1::jsonb) AS result');

/** The ledger write before a tool call runs, in one statement (its own transaction). */
export async function toolCallStartingStatement(runner: StatementRunner, document: ToolCallStartingDocument): Promise<ToolCallStartingResult> {
  const rows = await queryRows<{ result: unknown }>(runner, toolCallStarting, [JSON.stringify(document)]);
  return toolCallStartingResultSchema.parse(fromJsonColumn(rows[0]?.result));
}

/** What `agentloom_tool_call_finished` takes: the call's end status and its stored result. */
export interface ToolCallFinishedDocument {
  runId: string;
  owner: string;
  attempt: number;
  now: string;
  callId: string;
  status: string;
  result: { content: string; isError: boolean; data: unknown };
  outputBytes?: number;
  interruption?: string;
}

const toolCallFinishedResultSchema = z.object({ outcome: z.enum(['recorded', 'missing', 'lease-lost']) });

/** The ledger write the moment a tool call returns, in one statement (its own transaction). */
export async function toolCallFinishedStatement(runner: StatementRunner, document: ToolCallFinishedDocument): Promise<z.infer<typeof toolCallFinishedResultSchema>> {
  const rows = await queryRows<{ result: unknown }>(runner, toolCallFinished, [JSON.stringify(document)]);
  return toolCallFinishedResultSchema.parse(fromJsonColumn(rows[0]?.result));
}
