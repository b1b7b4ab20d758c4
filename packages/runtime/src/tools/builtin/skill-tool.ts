import { z } from 'zod';
import type { SkillSource } from '../../contracts/router';
import type { Tool } from '../../contracts/tool';
import type { ToolContext } from '../../contracts/tool-context';

const loadSkillArguments = z.object({ name: z.string().min(1).describe('Skill name from the skill catalogue') });

/** Loads a skill's instructions by name from the configured skill source. */
export function createLoadSkillTool(source: SkillSource): Omit<Tool<z.infer<typeof loadSkillArguments>, ToolContext>, 'implementationId'> {
  return {
    name: 'load_skill',
    description: 'Load the instructions of a skill by name.',
    inputSchema: loadSkillArguments,
    sideEffects: 'none',
    async execute(args, context) {
      const skills = await source.list();
      const skill = skills.find((candidate) => candidate.name === args.name);
      if (!skill) return { content: `Unknown skill "${args.name}". Available: ${skills.map((candidate) => candidate.name).join(', ') || 'none'}.`, isError: true };
      context.emit({ kind: 'skill-loaded', data: { name: skill.name } });
      const files = skill.files.length > 0 ? `\n\nFiles in ${skill.directory}: ${skill.files.join(', ')}` : '';
      return { content: `# Skill: ${skill.name}\n${skill.instructions}${files}`, data: { name: skill.name } };
    },
  };
}
