import type { EraseReceipt } from '@agentloom/platform';
import { cardStyles } from '~/components/button-styles';
import { formatCount } from '~/components/format';
import { LocalTime } from '~/components/local-time';

/** What an erase removed, table by table (zeros included: every table was checked). */
export function EraseReceiptCard({ receipt }: { receipt: EraseReceipt }) {
  const rows = Object.entries(receipt.counts);
  const total = rows.reduce((sum, [, count]) => sum + count, 0);
  return (
    <section aria-label="Erase receipt" className={`${cardStyles} p-4`}>
      <h2 className="text-sm font-semibold">
        {receipt.unit === 'thread' ? 'Thread' : receipt.unit === 'run' ? 'Run' : 'Tenant'} erased: {formatCount(total)} rows removed
      </h2>
      <p className="mt-0.5 font-mono text-xs text-zinc-500 dark:text-zinc-400">
        {receipt.id} · <LocalTime iso={receipt.erasedAt} />
      </p>
      <table className="mt-3 w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th>Table</th>
            <th>Rows removed</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {rows.map(([table, count]) => (
            <tr key={table} data-erased-table={table}>
              <td className="py-1 font-mono text-xs">{table}</td>
              <td className={`py-1 text-right tabular-nums ${count === 0 ? 'text-zinc-500 dark:text-zinc-400' : 'font-medium'}`}>{formatCount(count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
