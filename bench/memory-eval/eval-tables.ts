import type { EvalRow } from './evaluate';
import { recallKs, type RecallAt } from './eval-summary';
import { markdownTable } from './markdown-table';

const typeOrder = ['single-hop', 'paraphrase', 'knowledge-update', 'multi-session', 'temporal'];

/** Overall recall, abstention and cost, one row per embedder × retrieval setting. */
export function overallTable(rows: readonly EvalRow[]): string {
  const header = ['embedder', 'retrieval', ...recallKs.map((k) => `R@${k}`), 'abstains', 'answerable empty', 'ms/query', 'ingest s'];
  return markdownTable(
    header,
    rows.map((row) => [
      row.embedder,
      row.retrieval,
      ...recallKs.map((k) => decimal(row.summary.recall[`R@${k}`])),
      `${row.summary.abstention.abstained}/${row.summary.abstention.questions}`,
      `${row.summary.answerableLoss.empty}/${row.summary.answerableLoss.questions}`,
      row.msPerQuery.toFixed(1),
      row.ingestSeconds.toFixed(1),
    ]),
  );
}

/** Recall per question type, each cell R@1/R@3/R@5/R@10. */
export function perTypeTable(rows: readonly EvalRow[]): string {
  const present = new Set(rows.flatMap((row) => Object.keys(row.summary.byType)));
  const types = [...typeOrder.filter((type) => present.has(type)), ...[...present].filter((type) => !typeOrder.includes(type)).sort()];
  const header = ['embedder', 'retrieval', ...types.map((type) => `${type} (${rows[0]?.summary.byType[type]?.questions ?? 0})`)];
  return markdownTable(
    header,
    rows.map((row) => [row.embedder, row.retrieval, ...types.map((type) => recallCell(row.summary.byType[type]?.recall))]),
  );
}

function recallCell(recall: RecallAt | undefined): string {
  return recall ? recallKs.map((k) => decimal(recall[`R@${k}`])).join('/') : '—';
}

/** .83 rather than 0.833: the README tables compare two digits. */
function decimal(value: number): string {
  return value.toFixed(2).replace(/^0\./, '.');
}
