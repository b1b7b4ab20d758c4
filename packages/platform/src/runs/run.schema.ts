import { z } from 'zod';

export const runStatuses = ['queued', 'running', 'waiting_human', 'succeeded', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof runStatuses)[number];
export const terminalRunStatuses: readonly RunStatus[] = ['succeeded', 'failed', 'cancelled'];

export const createRunInputSchema = z.object({
  agentId: z.uuid(),
  /** Version number to pin; the agent's latest version when omitted. */
  agentVersion: z.number().int().positive().optional(),
  threadId: z.uuid().optional(),
  input: z.string().trim().min(1, 'input must not be empty').max(100_000),
  /** Same key + same body → the same run; same key + another body → conflict. */
  idempotencyKey: z.string().min(1).max(200).optional(),
});
export type CreateRunInput = z.infer<typeof createRunInputSchema>;

export const runIdInputSchema = z.object({ runId: z.uuid() });

export const listRunsInputSchema = z.object({
  status: z.enum(runStatuses).optional(),
  agentId: z.uuid().optional(),
  threadId: z.uuid().optional(),
  /** Id of the last run of the previous page. */
  cursor: z.uuid().optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ListRunsInput = z.input<typeof listRunsInputSchema>;
