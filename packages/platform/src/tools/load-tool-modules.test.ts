import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { loadToolModules, ToolModuleError } from './load-tool-modules';

const fixtures = fileURLToPath(new URL('../../test/fixtures/tool-modules/', import.meta.url));

describe('loadToolModules', () => {
  it('loads the tools of every module, relative paths against the working directory', async () => {
    const tools = await loadToolModules(['greeting-tools.ts', `${fixtures}greeting-tools.ts`], fixtures);
    expect(tools.map((tool) => tool.name)).toEqual(['greet', 'greet']);
    expect(tools[0]?.sideEffects).toBe('none');
  });

  it('loads nothing when no module is configured', async () => {
    expect(await loadToolModules([], fixtures)).toEqual([]);
  });

  it('names a module that fails to import, with the reason', async () => {
    const loading = loadToolModules(['throwing-tools.ts'], fixtures);
    await expect(loading).rejects.toBeInstanceOf(ToolModuleError);
    await expect(loading).rejects.toThrow(/Tool module throwing-tools\.ts \(.*throwing-tools\.ts\) failed to load: LEDGER_API_TOKEN is not set/);
  });

  it('names a module that does not exist', async () => {
    await expect(loadToolModules(['missing-tools.ts'], fixtures)).rejects.toThrow(/Tool module missing-tools\.ts .* failed to load/);
  });

  it('names a module that exports no tools array', async () => {
    await expect(loadToolModules(['no-tools.ts'], fixtures)).rejects.toThrow(/Tool module no-tools\.ts .* exports no `tools` array/);
  });

  it('names the entry that is not a tool', async () => {
    await expect(loadToolModules(['not-a-tool.ts'], fixtures)).rejects.toThrow(/Tool module not-a-tool\.ts .*: tools\[1\] is not a tool/);
  });
});
