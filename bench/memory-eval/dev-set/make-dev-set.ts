import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { buildDevSet, evalFileText } from './build-dev-set';

/**
 * `npx tsx bench/memory-eval/dev-set/make-dev-set.ts`: checks the hand-written sessions and
 * questions (ids, labels, paraphrases sharing no content word) and writes the two halves beside
 * this folder — dev-set.json (tune on it) and held-out-set.json (report only, never tune on it).
 * Deterministic: the same sources give byte-identical files (dev-set.test.ts checks the committed ones).
 */
const { dev, heldOut } = buildDevSet();
await writeFile(fileURLToPath(new URL('../dev-set.json', import.meta.url)), evalFileText(dev));
await writeFile(fileURLToPath(new URL('../held-out-set.json', import.meta.url)), evalFileText(heldOut));
console.log(`${dev.sessions.length} sessions; ${dev.questions.length} dev and ${heldOut.questions.length} held-out questions`);
