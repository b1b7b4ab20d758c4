import type { ToolCallRecord } from '@agentloom/runtime';

type LedgerStatus = 'awaiting_approval' | 'rejected' | 'succeeded' | 'failed';

/** Engine ledger states → database ledger states (a hook veto is a rejection with kind `vetoed`). */
export function toLedgerStatus(status: ToolCallRecord['status']): LedgerStatus {
  switch (status) {
    case 'awaiting-approval':
      return 'awaiting_approval';
    case 'rejected':
    case 'vetoed':
      return 'rejected';
    case 'succeeded':
      return 'succeeded';
    case 'failed':
      return 'failed';
  }
}
