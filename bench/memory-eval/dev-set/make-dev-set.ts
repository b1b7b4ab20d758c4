import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { allQuestions, allSessions } from './all-questions';
import { devSetProblems } from './dev-set-checks';
import { splitQuestions } from './split-questions';

/**
 * `npx tsx bench/memory-eval/dev-set/make-dev-set.ts`: checks the hand-written sessions and
 * questions (ids, labels, paraphrases sharing no content word) and writes the two halves beside
 * this folder — dev-set.json (tune on it) and held-out-set.json (report only, never tune on it).
 * Deterministic: the same sources give byte-identical files.
 */
const heldOutShare = 0.3;

async function main(): Promise<void> {
  const problems = devSetProblems(allSessions, allQuestions);
  if (problems.length > 0) throw new Error(`the dev set has problems:\n${problems.join('\n')}`);
  const { dev, heldOut } = splitQuestions(allQuestions, heldOutShare);
  const sessions = allSessions.map(({ id, date, turns }) => ({ id, date, turns }));
  await write('../dev-set.json', { split: 'dev', sessions, questions: dev });
  await write('../held-out-set.json', { split: 'held-out', sessions, questions: heldOut });
  console.log(`${sessions.length} sessions; ${dev.length} dev and ${heldOut.length} held-out questions`);
}

async function write(relativePath: string, content: unknown): Promise<void> {
  await writeFile(fileURLToPath(new URL(relativePath, import.meta.url)), `${JSON.stringify(content, null, 1)}\n`);
}

await main();
