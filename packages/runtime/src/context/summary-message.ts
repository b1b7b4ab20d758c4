import type { UserMessage } from '../contracts/messages';

/** How a summary snapshot appears in the visible view (after the task, before recent messages). */
export function summaryMessage(summary: string): UserMessage {
  return { role: 'user', content: `Summary of earlier work in this run:\n${summary}` };
}
