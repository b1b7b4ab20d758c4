import { z } from 'zod';
import type { Tool } from '../../contracts/tool';
import type { ToolContext } from '../../contracts/tool-context';

const delegateArguments = z.object({
  agent: z.string().min(1).describe('Name of a bound sub-agent'),
  task: z.string().min(1).describe('Self-contained task for the sub-agent'),
});

export const delegateTool: Omit<Tool<z.infer<typeof delegateArguments>, ToolContext>, 'implementationId'> = {
  name: 'delegate',
  description: 'Hand a self-contained task to a bound sub-agent and get its answer. Sub-agents run one at a time.',
  inputSchema: delegateArguments,
  sideEffects: 'unsafe',
  async execute(args, context) {
    const known = context.children.list();
    if (!known.some((child) => child.name === args.agent)) {
      return { content: `Unknown sub-agent "${args.agent}". Bound sub-agents: ${known.map((child) => child.name).join(', ') || 'none'}.`, isError: true };
    }
    const result = await context.children.run({ agent: args.agent, task: args.task });
    return { content: result.output, data: result, isError: result.status !== 'completed' };
  },
};
