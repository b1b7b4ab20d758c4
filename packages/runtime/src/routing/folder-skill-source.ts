import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import type { SkillPackage, SkillSource } from '../contracts/router';
import { ValidationError } from '../errors';

const frontMatterSchema = z.object({ name: z.string().min(1), description: z.string().default('') });

/**
 * Skills as folders: `<directory>/<skill>/SKILL.md` with YAML front-matter (`name`, `description`)
 * and a Markdown body of instructions, plus any other files. Read once and cached.
 */
export class FolderSkillSource implements SkillSource {
  private cache: Promise<SkillPackage[]> | undefined;

  constructor(private readonly directory: string) {}

  list(): Promise<SkillPackage[]> {
    this.cache ??= this.load();
    return this.cache;
  }

  private async load(): Promise<SkillPackage[]> {
    const entries = await readdir(this.directory, { withFileTypes: true });
    const skills: SkillPackage[] = [];
    for (const entry of entries.filter((candidate) => candidate.isDirectory()).sort((left, right) => left.name.localeCompare(right.name))) {
      const folder = join(this.directory, entry.name);
      const manifest = await readFile(join(folder, 'SKILL.md'), 'utf8').catch(() => undefined);
      if (manifest === undefined) continue;
      skills.push({ ...parseSkillManifest(manifest, folder), directory: folder, files: await listFiles(folder) });
    }
    return skills;
  }
}

/** Splits SKILL.md into validated front-matter and the instruction body. */
export function parseSkillManifest(text: string, origin: string): { name: string; description: string; instructions: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new ValidationError(`${origin}/SKILL.md must start with YAML front-matter between --- lines`);
  const frontMatter = frontMatterSchema.safeParse(parse(match[1] ?? ''));
  if (!frontMatter.success) throw new ValidationError(`${origin}/SKILL.md front-matter: ${frontMatter.error.message}`);
  return { ...frontMatter.data, instructions: (match[2] ?? '').trim() };
}

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !(entry.parentPath === folder && entry.name === 'SKILL.md'))
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort();
}
