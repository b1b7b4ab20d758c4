import { preparedStatement, queryRows, type StatementRunner } from '@agentloom/db';

/**
 * What an attempt needs of its run to build the engine, in one statement: the run's agent (and its
 * slug), input, creation time and fork point, its pinned version's config, and its thread. Before,
 * one Prisma read with three nested relations, which the Prisma client sends as four statements.
 */
const readRunStart = preparedStatement(`SELECT run.agent_id::text AS agent_id, agent.slug AS agent_slug, run.input, run.created_at, run.fork_step_index,
       version.id::text AS version_id, version.config, thread.id::text AS thread_id, thread.end_user_id
  FROM runs AS run
  JOIN agents AS agent ON agent.id = run.agent_id
  JOIN agent_versions AS version ON version.id = run.agent_version_id
  LEFT JOIN threads AS thread ON thread.id = run.thread_id
 WHERE run.id = $1::uuid`);

interface RunStartRow {
  agent_id: string;
  agent_slug: string;
  input: unknown;
  created_at: Date | string;
  fork_step_index: number | null;
  version_id: string;
  config: unknown;
  thread_id: string | null;
  end_user_id: string | null;
}

export interface RunStart {
  agentId: string;
  agentSlug: string;
  input: unknown;
  createdAt: Date;
  forkStepIndex: number | null;
  versionId: string;
  config: unknown;
  thread: { id: string; endUserId: string | null } | null;
}

/** Reads a run's start facts; throws when the run does not exist. */
export async function readRunStartStatement(statements: StatementRunner, runId: string): Promise<RunStart> {
  const [row] = await queryRows<RunStartRow>(statements, readRunStart, [runId]);
  if (!row) throw new Error(`Run ${runId} not found`);
  return {
    agentId: row.agent_id,
    agentSlug: row.agent_slug,
    input: row.input,
    createdAt: new Date(row.created_at),
    forkStepIndex: row.fork_step_index,
    versionId: row.version_id,
    config: row.config,
    thread: row.thread_id === null ? null : { id: row.thread_id, endUserId: row.end_user_id },
  };
}
