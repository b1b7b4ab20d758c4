import { readFile } from 'node:fs/promises';

import type { JsonValue } from '../../types.ts';
import { printResult, UsageError, writeLine, type CommandContext } from '../cli-context.ts';

const usage =
  'Usage: agentloom agents list | create <slug> --name "Name" --config agent.json [--description "…"] | save <agent> --config agent.json | archive|unarchive <agent>';

/** `agents list|create|save|archive|unarchive`: agents through the REST API (writes need an admin key). */
export async function agentsCommand(context: CommandContext): Promise<number> {
  const { client, flags, output } = context;
  const [action, target, ...extra] = context.arguments;
  if (extra.length > 0) throw new UsageError(usage);
  if (action === 'list' && target === undefined) {
    const agents = await client.agents.list({ includeArchived: true });
    printResult(context, agents, () => {
      for (const agent of agents)
        writeLine(output.stdout, `${agent.id}  ${agent.slug}  v${agent.latestVersion ?? '-'}${agent.archived ? '  (archived)' : ''}  ${agent.name}`);
    });
    return 0;
  }
  if (action === 'create' && target) {
    if (!flags.name || !flags.config) throw new UsageError(usage);
    const agent = await client.agents.create({
      slug: target,
      name: flags.name,
      ...(flags.description === undefined ? {} : { description: flags.description }),
      config: await readConfig(flags.config),
    });
    printResult(context, agent, () => writeLine(output.stdout, `Created ${agent.slug} (${agent.id}) version ${agent.latestVersion}`));
    return 0;
  }
  if (action === 'save' && target) {
    if (!flags.config) throw new UsageError(usage);
    const agent = await client.agents.resolve(target, { includeArchived: true });
    const saved = await client.agents.saveVersion(agent.id, {
      config: await readConfig(flags.config),
      ...(flags.name === undefined ? {} : { name: flags.name }),
      ...(flags.description === undefined ? {} : { description: flags.description }),
    });
    printResult(context, saved, () =>
      writeLine(
        output.stdout,
        saved.created ? `Saved ${agent.slug} version ${saved.version.version}` : `Unchanged: ${agent.slug} stays at version ${saved.version.version}`,
      ),
    );
    return 0;
  }
  if ((action === 'archive' || action === 'unarchive') && target) {
    const agent = await client.agents.resolve(target, { includeArchived: true });
    const result = action === 'archive' ? await client.agents.archive(agent.id) : await client.agents.unarchive(agent.id);
    printResult(context, result, () => writeLine(output.stdout, `${result.slug} ${result.archived ? 'archived' : 'active'}`));
    return 0;
  }
  throw new UsageError(usage);
}

/** The agent config from a JSON file (`-` reads standard input). */
async function readConfig(path: string): Promise<Record<string, JsonValue>> {
  const text =
    path === '-'
      ? await readStandardInput()
      : await readFile(path, 'utf8').catch((error: unknown) => {
          throw new UsageError(`Cannot read --config ${path}: ${(error as Error).message}`);
        });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`--config ${path} is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError(`--config ${path} must hold a JSON object`);
  return parsed as Record<string, JsonValue>;
}

async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
