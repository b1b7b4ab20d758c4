import { rawSqlFor, type Prisma, type PrismaExecutor } from '@agentloom/db';

/** One approval with what an approver needs to tell it from another: its run, agent, version and thread. */
export interface ApprovalRow {
  id: string;
  run_id: string;
  tool_call_id: string;
  tool_name: string;
  status: 'pending' | 'approved' | 'rejected' | 'expired';
  request_reason: string;
  decision_reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  original_arguments: Prisma.JsonValue;
  edited_arguments: Prisma.JsonValue;
  expires_at: Date | null;
  created_at: Date;
  run_status: string;
  /** The run's input text (or its JSON when it is not `{ text }`), cut to the excerpt length. */
  input_excerpt: string;
  input_length: number;
  agent_id: string;
  agent_name: string;
  agent_slug: string;
  agent_version: number;
  thread_id: string | null;
  thread_title: string | null;
}

export interface ApprovalRowFilter {
  tenantId: string;
  /** One status, or `decided`: any but pending (see `approvalListStatuses`). */
  status?: string | undefined;
  runId?: string | undefined;
  /** Only approvals of these runs (the runs a live-list message names). */
  runIds?: readonly string[] | undefined;
  approvalId?: string | undefined;
  /** Rows older than this approval id (ids are uuid v7: time-ordered). */
  before?: string | undefined;
  limit: number;
  excerptLength: number;
}

/**
 * Approvals with their context in ONE statement: the tool call's name, the run's status and an
 * excerpt of its input (cut in SQL, so a 100 KB input never leaves the database for a card), the
 * agent's name and the version the run executes, and the thread. Newest first; every join follows
 * a foreign key from the approval, so a page of 25 costs one index scan plus 25 lookups per table,
 * with no query per row (the inbox used to ask for each card's run separately).
 */
/**
 * An approval's status as a decision would find it: a pending one whose expiry has passed is expired
 * (`decide` refuses it), though the sweep that records that (`expireApprovals`, run by executors) may
 * not have reached it yet, or no executor runs at all. The inbox and its count never offer it.
 */
const effectiveStatus = `(CASE WHEN a.status = 'pending' AND a.expires_at <= now() THEN 'expired' ELSE a.status::text END)`;

export function selectApprovalRows(database: PrismaExecutor, filter: ApprovalRowFilter): Promise<ApprovalRow[]> {
  // $1 tenant, $2 status, $3 run, $4 approval, $5 before, $6 limit, $7 excerpt length, $8 runs
  return rawSqlFor(database).query<ApprovalRow>(
    `SELECT a.id::text, a.run_id::text, a.tool_call_id::text, t.name AS tool_name, ${effectiveStatus} AS status,
            a.request_reason, a.decision_reason, a.decided_by, a.decided_at, a.original_arguments, a.edited_arguments,
            a.expires_at, a.created_at,
            r.status::text AS run_status, left(input.text, $7::int) AS input_excerpt, length(input.text)::int AS input_length,
            r.agent_id::text, agent.name AS agent_name, agent.slug AS agent_slug, version.version AS agent_version,
            r.thread_id::text, thread.title AS thread_title
       FROM approvals a
       JOIN tool_calls t ON t.id = a.tool_call_id
       JOIN runs r ON r.id = a.run_id
       CROSS JOIN LATERAL (SELECT COALESCE(r.input ->> 'text', r.input::text) AS text) input
       JOIN agents agent ON agent.id = r.agent_id
       JOIN agent_versions version ON version.id = r.agent_version_id
       LEFT JOIN threads thread ON thread.id = r.thread_id
      WHERE a.tenant_id = $1::uuid
        AND ($2::text IS NULL OR (CASE WHEN $2::text = 'decided' THEN ${effectiveStatus} <> 'pending' ELSE ${effectiveStatus} = $2::text END))
        AND ($3::uuid IS NULL OR a.run_id = $3::uuid)
        AND ($4::uuid IS NULL OR a.id = $4::uuid)
        AND ($5::uuid IS NULL OR a.id < $5::uuid)
        AND ($8::uuid[] IS NULL OR a.run_id = ANY ($8::uuid[]))
      ORDER BY a.id DESC
      LIMIT $6::int`,
    filter.tenantId,
    filter.status ?? null,
    filter.runId ?? null,
    filter.approvalId ?? null,
    filter.before ?? null,
    filter.limit,
    filter.excerptLength,
    filter.runIds === undefined ? null : [...filter.runIds],
  );
}
