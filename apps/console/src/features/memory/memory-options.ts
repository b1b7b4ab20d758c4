/** The levels and kinds the inspector offers, with the words it shows for them. */
export const memoryLevels = ['thread', 'agent', 'project', 'user'] as const;
export const memoryKinds = ['episode', 'fact', 'document_chunk', 'procedure'] as const;

export const memoryLevelLabels: Record<(typeof memoryLevels)[number], string> = {
  thread: 'Thread',
  agent: 'Agent',
  project: 'Project (tenant-wide)',
  user: 'End user',
};

export const memoryKindLabels: Record<(typeof memoryKinds)[number], string> = {
  episode: 'Episode',
  fact: 'Fact',
  document_chunk: 'Document chunk',
  procedure: 'Procedure',
};
