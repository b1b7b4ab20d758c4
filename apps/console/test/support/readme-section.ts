import { readFileSync } from 'node:fs';
import path from 'node:path';

import { repositoryRoot } from './console-process';

export interface CodeBlock {
  language: string;
  code: string;
}

/** The fenced code blocks of one `## Heading` section of the repository README, in order. */
export function readmeCodeBlocks(heading: string): CodeBlock[] {
  const readme = readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`README.md has no "## ${heading}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((match) => ({ language: match[1]!, code: match[2]! }));
}
