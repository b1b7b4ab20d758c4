// Makes sure a Chromium exists for the Playwright suite (e2e/playwright.config.ts), which prefers
// Debian's Chromium over a downloaded browser. Plain Node: runs on whatever Node npm uses.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args) {
  console.log(`[ensure-chromium] ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

if (existsSync(chromiumPath)) process.exit(0);
console.log(`[ensure-chromium] No Chromium at ${chromiumPath}; trying to install one.`);

// Where the internet is reachable Playwright's own Chromium works: the config falls back to it when
// neither CHROMIUM_PATH nor /usr/bin/chromium exists. An explicit CHROMIUM_PATH must exist, though.
if (process.env.CHROMIUM_PATH === undefined && run('npx', ['playwright', 'install', 'chromium'])) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && commandExists('apt-get') && run('apt-get', ['install', '-y', 'chromium']) && existsSync(chromiumPath)) {
  process.exit(0);
}

console.error(
  `[ensure-chromium] No Chromium at ${chromiumPath}: install Debian's \`chromium\` package (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium executable.`,
);
process.exit(1);
