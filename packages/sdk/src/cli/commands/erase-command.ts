import type { EraseReceipt } from '../../types.ts';
import { printResult, UsageError, writeLine, type CommandContext } from '../cli-context.ts';

const targets: readonly EraseReceipt['unit'][] = ['run', 'thread', 'tenant'];

/** `erase run|thread|tenant <id>`: prints the receipt, rows removed per table. */
export async function eraseCommand(context: CommandContext): Promise<number> {
  const { client, output } = context;
  const [target, id, ...extra] = context.arguments;
  const unit = targets.find((candidate) => candidate === target);
  if (!unit || !id || extra.length > 0) throw new UsageError('Usage: agentloom erase run|thread|tenant <id>');
  const receipt = await client.erase(unit, id);
  printResult(context, receipt, () => {
    writeLine(output.stdout, `Erased ${receipt.unit} ${receipt.id} at ${receipt.erasedAt}`);
    for (const [table, rows] of Object.entries(receipt.counts)) writeLine(output.stdout, `  ${table.padEnd(20)} ${rows}`);
  });
  return 0;
}
