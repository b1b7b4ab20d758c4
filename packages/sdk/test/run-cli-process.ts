import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const binFolder = path.join(repositoryRoot, 'node_modules/.bin');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the installed `agentloom` bin (the symlink `npm install` made) as a user would, with the
 * repository's pinned Node first on PATH, as `npx` arranges.
 */
export function runAgentloom(argv: string[], environment: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(binFolder, 'agentloom'), argv, {
      cwd: repositoryRoot,
      env: { ...process.env, PATH: `${binFolder}${path.delimiter}${process.env.PATH ?? ''}`, ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
