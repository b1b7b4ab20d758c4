import { readFile } from 'node:fs/promises';

import type { Batch, SubmitBatchInput } from '../../types.ts';
import { printResult, UsageError, writeLine, type CommandContext } from '../cli-context.ts';
import { integerFlag } from '../parse-command-line.ts';

const usage =
  'Usage: agentloom batch submit --agent <agent> --file items.jsonl [--concurrency n] [--version n] [--name "Name"] | status|cancel|retry-failed <batch-id> | export <batch-id> [--format jsonl|csv] | list';

/** `batch submit|status|cancel|retry-failed|export|list`: batches through the REST API (changes need an operator key). */
export async function batchCommand(context: CommandContext): Promise<number> {
  const { client, flags, output } = context;
  const [action, target, ...extra] = context.arguments;
  if (extra.length > 0) throw new UsageError(usage);
  if (action === 'submit' && target === undefined) {
    if (!flags.agent || !flags.file) throw new UsageError(usage);
    const items = parseItems(await readFile(flags.file, 'utf8').catch((error: unknown) => {
      throw new UsageError(`Cannot read --file ${flags.file}: ${(error as Error).message}`);
    }), flags.file);
    const agent = await client.agents.resolve(flags.agent);
    const concurrency = integerFlag(flags.concurrency, 'concurrency');
    const version = integerFlag(flags.version, 'version');
    const input: SubmitBatchInput = {
      agentId: agent.id,
      items,
      ...(concurrency === undefined ? {} : { concurrency }),
      ...(version === undefined ? {} : { agentVersion: version }),
      ...(flags.name === undefined ? {} : { name: flags.name }),
    };
    const batch = await client.batches.submit(input);
    printResult(context, batch, () => writeLine(output.stdout, `Submitted batch ${batch.id}: ${batch.progress.total} item(s), at most ${batch.concurrency} running at once`));
    return 0;
  }
  if (action === 'list' && target === undefined) {
    const { batches } = await client.batches.list({ ...(flags.agent ? { agentId: (await client.agents.resolve(flags.agent)).id } : {}) });
    printResult(context, batches, () => {
      if (batches.length === 0) writeLine(output.stderr, 'No batches.');
      for (const batch of batches) writeLine(output.stdout, describeBatch(batch));
    });
    return 0;
  }
  if (action === 'status' && target) {
    const batch = await client.batches.get(target);
    printResult(context, batch, () => writeLine(output.stdout, describeBatch(batch)));
    return 0;
  }
  if (action === 'cancel' && target) {
    const batch = await client.batches.cancel(target);
    printResult(context, batch, () => writeLine(output.stdout, `Cancelled; ${describeBatch(batch)}`));
    return 0;
  }
  if (action === 'retry-failed' && target) {
    const retried = await client.batches.retryFailed(target);
    printResult(context, retried, () => writeLine(output.stdout, `Retried ${retried.retried} failed item(s); ${describeBatch(retried.batch)}`));
    return 0;
  }
  if (action === 'export' && target) {
    const format = flags.format ?? 'jsonl';
    if (format !== 'jsonl' && format !== 'csv') throw new UsageError('--format is jsonl or csv');
    output.stdout.write(await client.batches.export(target, format));
    return 0;
  }
  throw new UsageError(usage);
}

/**
 * The items of a JSONL file: one JSON value a line, a string or `{ "input": "…" }`; blank lines are
 * skipped. The server validates each item (a bad one is a 400 naming its index).
 */
export function parseItems(text: string, file: string): SubmitBatchInput['items'] {
  const items: SubmitBatchInput['items'] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    try {
      items.push(JSON.parse(line) as SubmitBatchInput['items'][number]);
    } catch {
      throw new UsageError(`${file} line ${index + 1} is not valid JSON`);
    }
  }
  if (items.length === 0) throw new UsageError(`${file} holds no items`);
  return items;
}

function describeBatch(batch: Batch): string {
  const { progress } = batch;
  const done = progress.succeeded + progress.failed + progress.cancelled;
  return `${batch.id}  ${batch.status}  ${done}/${progress.total} done (${progress.succeeded} succeeded, ${progress.failed} failed, ${progress.cancelled} cancelled, ${progress.running} running, ${progress.queued} queued)  cap ${batch.concurrency}${batch.name ? `  ${batch.name}` : ''}`;
}
