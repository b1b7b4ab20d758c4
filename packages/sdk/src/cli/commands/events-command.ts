import type { JsonValue } from '../../types.ts';
import { printResult, UsageError, writeLine, type CommandContext } from '../cli-context.ts';

/** `events deliver <correlation-key> [--payload json]`, `events waits <run-id>`. */
export async function eventsCommand(context: CommandContext): Promise<number> {
  const { client, flags, output } = context;
  const [action, target, ...extra] = context.arguments;
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`);
  if (action === 'deliver' && target) {
    const delivered = await client.events.deliver(target, parsePayload(flags.payload));
    printResult(context, delivered, () => writeLine(output.stdout, `Delivered ${delivered.correlationKey} to run ${delivered.runId} (call ${delivered.callId})`));
    return 0;
  }
  if (action === 'waits' && target) {
    const waits = await client.events.waits(target);
    printResult(context, waits, () => {
      if (waits.length === 0) writeLine(output.stderr, 'No waits.');
      for (const wait of waits) writeLine(output.stdout, `${wait.callId}  ${wait.kind.padEnd(5)}  ${wait.status.padEnd(9)}  ${wait.correlationKey ?? '-'}  ${wait.wakeAt ?? 'no timeout'}`);
    });
    return 0;
  }
  throw new UsageError("Usage: agentloom events deliver <correlation-key> [--payload '<json>'] | waits <run-id>");
}

function parsePayload(text: string | undefined): JsonValue {
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    throw new UsageError('--payload must be JSON');
  }
}
