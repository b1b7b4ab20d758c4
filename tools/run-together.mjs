// Runs npm scripts side by side and fails when any of them fails: `npm test` checks lint, types and
// migrations at once, since each is mostly one process and the machine has two cores (CI's hour is
// tight; measured quiet: lint 128 s, typecheck 113 s one after the other). Each line of output is
// prefixed with its script's name so interleaved logs stay readable; the exit code is the first
// failure's, after every script has ended (a failed lint does not hide a type error).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node tools/run-together.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${script}] ${line}`));
    }
    child.on('error', (error) => {
      console.error(`[${script}] could not start: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(scripts.map(run));
codes.forEach((code, index) => console.log(`[${scripts[index]}] ${code === 0 ? 'passed' : `failed (exit ${code})`}`));
process.exit(codes.find((code) => code !== 0) ?? 0);
