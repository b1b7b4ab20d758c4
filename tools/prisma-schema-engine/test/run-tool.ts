import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Result of running one of this package's executables. */
export interface ToolResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `bin/<name>` on the current Node (the pinned 24) with `environment` added. DATABASE_URL and
 * SHADOW_DATABASE_URL are cleared first so the developer's own settings cannot leak in.
 */
export function runTool(name: string, args: string[], environment: Record<string, string> = {}): Promise<ToolResult> {
  const binary = fileURLToPath(new URL(`../bin/${name}`, import.meta.url));
  const { DATABASE_URL: _database, SHADOW_DATABASE_URL: _shadow, ...inherited } = process.env;
  const child = spawn(process.execPath, [binary, ...args], {
    env: { ...inherited, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ exitCode: code ?? 1, stdout, stderr }));
  });
}
