import { z } from 'zod';
import type { Tool } from '../../contracts/tool';
import type { ToolContext } from '../../contracts/tool-context';

const citationArguments = z.object({
  source: z.string().min(1).describe('URL, document id or file path'),
  title: z.string().optional(),
  quote: z.string().max(2000).optional().describe('The exact passage relied on'),
});

export const recordCitationTool: Omit<Tool<z.infer<typeof citationArguments>, ToolContext>, 'implementationId'> = {
  name: 'record_citation',
  description: 'Record a source that supports your answer.',
  inputSchema: citationArguments,
  sideEffects: 'none',
  execute(args, context) {
    context.citations.record(args);
    return Promise.resolve({ content: `Citation recorded: ${args.source}` });
  },
};
