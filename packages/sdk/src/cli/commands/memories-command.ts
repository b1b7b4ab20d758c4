import { integerFlag } from '../parse-command-line.ts';
import { printResult, UsageError, writeLine, type CommandContext } from '../cli-context.ts';

/** `memories search "query" [--limit n]`, `memories forget <id>`. */
export async function memoriesCommand(context: CommandContext): Promise<number> {
  const { client, flags, output } = context;
  const [action, value, ...extra] = context.arguments;
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')} (quote a multi-word query)`);
  if (action === 'search' && value) {
    const limit = integerFlag(flags.limit, 'limit');
    const hits = await client.memories.search(value, limit ? { limit } : {});
    printResult(context, hits, () => {
      if (hits.length === 0) writeLine(output.stderr, 'No memories match.');
      for (const hit of hits)
        writeLine(output.stdout, `${hit.item.id}  ${hit.score.toFixed(4)}  ${hit.item.kind}  ${hit.item.content.replace(/\s+/g, ' ').slice(0, 100)}`);
    });
    return 0;
  }
  if (action === 'forget' && value) {
    const result = await client.memories.forget(value);
    printResult(context, result, () => writeLine(output.stdout, `${value} forgotten`));
    return 0;
  }
  throw new UsageError('Usage: agentloom memories search "query" [--limit n] | forget <id>');
}
