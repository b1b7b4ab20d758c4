import type { Approval } from '../../types.ts';
import { integerFlag } from '../parse-command-line.ts';
import { printResult, UsageError, writeLine, type CommandContext } from '../cli-context.ts';

const statuses = ['pending', 'approved', 'rejected', 'expired', 'decided'] as const;

/** `approvals list [--status s]`, `approvals approve <id>`, `approvals reject <id> --reason "…"`. */
export async function approvalsCommand(context: CommandContext): Promise<number> {
  const { client, flags, output } = context;
  const [action, approvalId, ...extra] = context.arguments;
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`);
  if (action === 'list') {
    const status = flags.status;
    if (status !== undefined && !(statuses as readonly string[]).includes(status)) throw new UsageError(`--status must be one of ${statuses.join(', ')}`);
    const limit = integerFlag(flags.limit, 'limit');
    const page = await client.approvals.list({ ...(status ? { status: status as Approval['status'] } : {}), ...(limit ? { limit } : {}) });
    printResult(context, page.approvals, () => {
      if (page.approvals.length === 0) writeLine(output.stderr, 'No approvals.');
      for (const approval of page.approvals)
        writeLine(output.stdout, `${approval.id}  ${approval.status.padEnd(8)}  ${approval.toolName}  run ${approval.runId}`);
    });
    return 0;
  }
  if ((action === 'approve' || action === 'reject') && approvalId) {
    if (action === 'reject' && !flags.reason) throw new UsageError('approvals reject needs --reason "why"');
    const decided = action === 'approve' ? await client.approvals.approve(approvalId) : await client.approvals.reject(approvalId, flags.reason ?? '');
    printResult(context, decided, () => writeLine(output.stdout, `${decided.id} ${decided.status}`));
    return 0;
  }
  throw new UsageError('Usage: agentloom approvals list | approve <id> | reject <id> --reason "why"');
}
