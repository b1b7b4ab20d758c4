// Runs after `npm install`: generates the Prisma client so a fresh clone builds without extra steps.
// It runs on whatever Node npm itself uses, so it only shells out to npm scripts (which use the pinned Node 24).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('prisma/schema.prisma')) process.exit(0);
const result = spawnSync('npm', ['run', 'db:generate', '--silent'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
