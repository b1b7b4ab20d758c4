// Runs after `npm install`: generates the Prisma client and builds the console, so that
// `npm start` on a fresh clone serves within seconds instead of building first (README's promise).
// It runs on whatever Node npm itself uses, so it only shells out to npm scripts, which put
// node_modules/.bin (with the pinned Node 24) first on PATH. Set AGENTLOOM_SKIP_BUILD=1 to skip the
// build (e.g. when installing only to run the worker or the unit tests).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('prisma/schema.prisma')) process.exit(0);

const environment = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', TURBO_TELEMETRY_DISABLED: '1', CHECKPOINT_DISABLE: '1' };
const run = (args) => spawnSync('npm', args, { stdio: 'inherit', env: environment }).status ?? 1;

const generated = run(['run', 'db:generate', '--silent']);
if (generated !== 0) process.exit(generated);
if (process.env.AGENTLOOM_SKIP_BUILD === '1') process.exit(0);
process.exit(run(['run', 'build:console', '--silent']));
