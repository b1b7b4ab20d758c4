import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineSubprocessTool, type SubprocessToolConfig } from './subprocess-tool';
import { basicContext } from './test-support/basic-context';

/** A tool running `node -e <script> -- ...args` with the test's Node binary. */
function nodeTool(script: string, overrides: Partial<SubprocessToolConfig> = {}) {
  return defineSubprocessTool({
    name: 'test.node',
    description: 'runs a node script',
    implementationId: 'subprocess/v1/test-node',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    command: process.execPath,
    args: ['-e', script, '--', '{{text}}'],
    ...overrides,
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

describe('subprocess tool', () => {
  let workspace: string;
  beforeAll(async () => {
    workspace = await realpath(await mkdtemp(join(tmpdir(), 'agentloom-subprocess-')));
  });
  afterAll(async () => {
    await rm(workspace, { recursive: true, force: true });
  });

  it('passes model arguments as single argv elements and reports exit code, stdout and stderr', async () => {
    const tool = nodeTool(
      'console.log(JSON.stringify(process.argv.slice(1))); console.error("warned"); process.exit(3)',
    );
    const result = await tool.execute({ text: 'a b; $(rm -rf /) | "quoted"' }, basicContext());
    expect(result.isError).toBe(true);
    expect(result.data).toMatchObject({ exitCode: 3, signal: null, stderr: 'warned\n' });
    const { stdout } = result.data as { stdout: string };
    expect(JSON.parse(stdout)).toEqual(['a b; $(rm -rf /) | "quoted"']);
    expect(JSON.parse(result.content)).toMatchObject({ exitCode: 3 });
  });

  it('runs in the workspace by default and succeeds with exit code 0', async () => {
    const tool = nodeTool('process.stdout.write(process.cwd())');
    const result = await tool.execute({ text: 'x' }, basicContext({ workspacePath: workspace }));
    expect(result.isError).toBe(false);
    expect(result.data).toMatchObject({ exitCode: 0, stdout: workspace });
  });

  it('passes only allowlisted environment variables', async () => {
    process.env.AGENTLOOM_TEST_ALLOWED = 'visible';
    process.env.AGENTLOOM_TEST_SECRET = 'hidden';
    const tool = nodeTool('process.stdout.write(JSON.stringify(process.env))', {
      envAllowlist: ['AGENTLOOM_TEST_ALLOWED'],
      env: { FIXED: '1' },
    });
    const result = await tool.execute({ text: 'x' }, basicContext());
    const childEnvironment = JSON.parse((result.data as { stdout: string }).stdout) as Record<string, string>;
    expect(childEnvironment.AGENTLOOM_TEST_ALLOWED).toBe('visible');
    expect(childEnvironment.FIXED).toBe('1');
    expect(childEnvironment.AGENTLOOM_TEST_SECRET).toBeUndefined();
    expect(childEnvironment.PATH).toBeUndefined();
    delete process.env.AGENTLOOM_TEST_ALLOWED;
    delete process.env.AGENTLOOM_TEST_SECRET;
  });

  it('refuses missing and option-like arguments without starting a process', async () => {
    const tool = nodeTool('process.exit(0)');
    await expect(tool.execute({}, basicContext())).resolves.toMatchObject({
      isError: true,
      content: 'Missing argument "text"',
    });
    await expect(tool.execute({ text: '--inspect' }, basicContext())).resolves.toMatchObject({ isError: true });
    await expect(tool.execute({ text: { nested: true } }, basicContext())).resolves.toMatchObject({ isError: true });
  });

  it('caps output and says so', async () => {
    const tool = nodeTool('process.stdout.write("x".repeat(10000))', { maxOutputBytes: 100 });
    const result = await tool.execute({ text: 'x' }, basicContext());
    const data = result.data as { stdout: string; stdoutTruncated: boolean };
    expect(data.stdoutTruncated).toBe(true);
    expect(data.stdout).toBe(`${'x'.repeat(100)}\n[output truncated: 9900 more bytes not shown]`);
  });

  it('kills a process that outlives its timeout, escalating to SIGKILL when SIGTERM is ignored', async () => {
    // The shell ignores SIGTERM before it execs, and an ignored signal stays ignored across exec: the
    // process ignores SIGTERM from its first instruction. (A node child installing a handler raced the
    // timeout on a loaded machine: its start-up can outlast 300 ms, and SIGTERM then killed it.)
    const tool = defineSubprocessTool({
      name: 'test.stubborn',
      description: 'ignores SIGTERM',
      implementationId: 'subprocess/v1/test-stubborn',
      inputSchema: { type: 'object', properties: {} },
      command: '/bin/sh',
      args: ['-c', "trap '' TERM; exec sleep 60"],
      timeoutMs: 300,
      killGraceMs: 200,
    });
    const result = await tool.execute({}, basicContext());
    expect(result.isError).toBe(true);
    expect(result.data).toMatchObject({ timedOut: true, signal: 'SIGKILL', exitCode: null });
  });

  it('rejects on abort without waiting for the process to exit', async () => {
    // The process ignores SIGTERM and the grace before SIGKILL is a minute: it is provably still running
    // when the call rejects, so the rejection did not wait for it (no clock involved).
    const pidFile = join(workspace, 'stubborn.pid');
    const tool = defineSubprocessTool({
      name: 'test.stubborn-abort',
      description: 'ignores SIGTERM',
      implementationId: 'subprocess/v1/test-stubborn-abort',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
      command: '/bin/sh',
      args: ['-c', 'trap "" TERM; echo $$ > "$1"; exec sleep 120', 'sh', '{{text}}'],
      killGraceMs: 60_000,
    });
    const controller = new AbortController();
    const pending = tool.execute({ text: pidFile }, basicContext({ signal: controller.signal }));
    expect(await waitUntil(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', 30_000)).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      controller.abort(new Error('run cancelled'));
      await expect(pending).rejects.toMatchObject({ name: 'AbortError', kind: 'aborted' });
      expect(isAlive(pid)).toBe(true);
    } finally {
      process.kill(pid, 'SIGKILL');
    }
  }, 120_000);

  it('kills the process on abort', async () => {
    const controller = new AbortController();
    const pidFile = join(workspace, 'abort.pid');
    const tool = nodeTool('require("fs").writeFileSync(process.argv.at(-1), String(process.pid)); setInterval(() => {}, 1000)', { killGraceMs: 200 });
    const pending = tool.execute({ text: pidFile }, basicContext({ signal: controller.signal }));
    expect(await waitUntil(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 30_000)).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(isAlive(pid)).toBe(true);
    controller.abort(new Error('run cancelled'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError', kind: 'aborted' });
    // A state, not a deadline: the bound only keeps a broken kill from hanging the suite.
    expect(await waitUntil(() => !isAlive(pid), 60_000)).toBe(true);
  }, 120_000);
});
