import { z } from 'zod';
import type { Tool } from '../../contracts/tool';
import type { ToolContext } from '../../contracts/tool-context';

export const planToolNames = { read: 'plan_read', update: 'plan_update' } as const;

/** Bounds the plan so the checkpoint that carries it stays small. */
export const maxPlanItems = 50;

const planItemSchema = z.object({
  id: z.string().min(1).max(40).describe('Stable id, e.g. "1" or "fetch-data"'),
  title: z.string().min(1).max(300),
  status: z.enum(['pending', 'in-progress', 'done', 'blocked']),
});

const planUpdateArguments = z.object({
  items: z.array(planItemSchema).min(1).max(maxPlanItems).describe('The complete plan; replaces the previous one'),
});

type BuiltinTool<TArguments> = Omit<Tool<TArguments, ToolContext>, 'implementationId'>;

export const planReadTool: BuiltinTool<Record<string, never>> = {
  name: planToolNames.read,
  description: 'Read the current plan (items with id, title and status).',
  inputSchema: z.object({}).strict(),
  sideEffects: 'none',
  execute(_args, context) {
    const plan = context.plan.read();
    return Promise.resolve({ content: plan ? JSON.stringify(plan) : 'No plan yet.', data: plan });
  },
};

export const planUpdateTool: BuiltinTool<z.infer<typeof planUpdateArguments>> = {
  name: planToolNames.update,
  description: 'Replace the plan with the given items. Use it to create the plan and to mark progress.',
  inputSchema: planUpdateArguments,
  sideEffects: 'idempotent',
  async execute(args, context) {
    const ids = new Set(args.items.map((item) => item.id));
    if (ids.size !== args.items.length) return { content: 'Plan item ids must be unique.', isError: true };
    await context.plan.update({ items: args.items });
    const done = args.items.filter((item) => item.status === 'done').length;
    return { content: `Plan saved: ${args.items.length} items, ${done} done.` };
  },
};
