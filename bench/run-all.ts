/**
 * Runs named benches one after another, each in its own process so one bench's JIT state, pools
 * and leftovers cannot colour the next: `npx tsx bench/run-all.ts dispatch engine-overhead`.
 * `npm run bench --workspace @agentloom/bench -- dispatch` ends up here too. No names → all.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const benchDirectory = fileURLToPath(new URL('.', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const available = readdirSync(benchDirectory, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`${benchDirectory}/${entry.name}/run.ts`))
  .map((entry) => entry.name);

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown bench(es): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}

let failed = false;
for (const name of requested.length > 0 ? requested : available) {
  console.log(`\n## ${name}\n`);
  // npx from the repository root puts its node_modules/.bin first, so the bench runs on Node 24.
  const result = spawnSync('npx', ['tsx', `bench/${name}/run.ts`], { cwd: repositoryRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Bench ${name} failed (exit ${result.status ?? result.signal})`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
