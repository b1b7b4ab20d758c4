import { defineTool, type AnyTool } from '@agentloom/runtime';
import { z } from 'zod';

/**
 * Tools the seeded demo agents use. `send_notification` is side-effecting on purpose (so the
 * demo shows an approval): it delivers the notification to the run's own event log, which the
 * console shows — there is no external service behind it, and it says so in its result.
 */
export const demoTools: AnyTool[] = [
  defineTool({
    name: 'send_notification',
    description: 'Sends a notification to a channel. Demo tool: delivery is recorded in the run event log only.',
    implementationId: 'agentloom-demo-tools/v1/send_notification',
    inputSchema: z.object({ channel: z.string().min(1).max(100), message: z.string().min(1).max(2_000) }),
    sideEffects: 'unsafe',
    execute: (args, context) => {
      context.emit({ kind: 'notification-delivered', data: { channel: args.channel, message: args.message, idempotencyKey: context.idempotencyKey } });
      return Promise.resolve({ content: `Notification delivered to #${args.channel} (demo: recorded in the run's event log).`, data: { channel: args.channel } });
    },
  }),
];
