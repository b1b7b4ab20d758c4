import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { assertNoHostSkills } from '../../agents/assert-runnable-config';
import { parseConfig } from '../../agents/agent-rows';
import type { ModelConnector } from '../../outbound/model-connector';
import type { ToolCatalog } from '../../tools/tool-catalog';
import { buildRunEngine } from './build-run-engine';

/**
 * `config.skills.directory` makes the runtime read a folder of the server's disk (`load_skill`: any
 * SKILL.md under it, with a listing of its files), and an agent's config is the tenant's to write: an
 * audit read a host file through it. Saving one is refused, and a version saved before that check
 * runs without it.
 */
describe('an agent config cannot make a run read the host’s folders', () => {
  let hostDirectory: string;

  beforeAll(async () => {
    hostDirectory = await mkdtemp(join(tmpdir(), 'host-skills-'));
    await mkdir(join(hostDirectory, 'ops'));
    await writeFile(join(hostDirectory, 'ops', 'SKILL.md'), '---\nname: ops\ndescription: d\n---\nHOST-ONLY-TEXT\n');
    await writeFile(join(hostDirectory, 'ops', 'id_rsa'), 'not really');
  });
  afterAll(() => rm(hostDirectory, { recursive: true, force: true }));

  const withSkills = () => parseConfig({ demoScript: { replies: [{ text: 'x' }] }, skills: { directory: hostDirectory } });

  it('is refused at save, naming config.skills', () => {
    expect(() => assertNoHostSkills(withSkills())).toThrow(expect.objectContaining({ kind: 'validation', field: 'config.skills' }));
    expect(() => assertNoHostSkills(parseConfig({ demoScript: { replies: [{ text: 'x' }] } }))).not.toThrow();
  });

  it('a stored version that names one runs without skills: no load_skill, nothing read', async () => {
    const engine = buildRunEngine({
      runId: '00000000-0000-7000-8000-000000000001',
      agentId: 'a',
      versionId: 'v',
      config: withSkills(),
      tools: { select: () => [] } as unknown as ToolCatalog,
      models: {} as ModelConnector,
      hooks: [],
    });
    try {
      expect(engine.services.skills).toBeUndefined();
      expect(engine.services.registry.resolve('load_skill')).toBeUndefined();
    } finally {
      await engine.close();
    }
  });
});
