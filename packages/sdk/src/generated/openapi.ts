/**
 * Generated from `/api/v1/openapi.json` by `npm run generate:openapi-types`: do not edit.
 * `sdk-types.test.ts` fails when this file and the document drift apart.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | {
    [key: string]: JsonValue;
};
export interface paths {
    "/api/v1/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List runs, newest first */
        get: operations["listRuns"];
        put?: never;
        /**
         * Start a run
         * @description Queues a run of an agent (its latest version unless `agentVersion` pins one), optionally continuing a thread.
         */
        post: operations["createRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one run */
        get: operations["getRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a run
         * @description Requests cancellation; the executor aborts the in-flight call and the run ends `cancelled`.
         */
        post: operations["cancelRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a run paused by a budget
         * @description Resumes a run waiting on a spent budget whose policy is `pause` (see `budgetPause`), once the budget has room again (raised, or its window rolled over). An optional `budget` replaces the run’s own request budget first (the way to give room to a run paused by its own budget). The budget is checked again first: a run still over budget is a 409 naming the budget, and so is a run that is not paused (also when another resume won). The run continues from its last step.
         */
        post: operations["resumeRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a failed run
         * @description Retries a `failed` or `cancelled` run as a new run on the same agent version, input and thread, linked by `retryOfRunId`; the failed run keeps its events and tool ledger. A run is retried once: asking again returns the existing retry (200). Other statuses are a 409.
         */
        post: operations["retryRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/rerun": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-run a run’s input
         * @description Runs the input of any run again as a new run (no thread), on the same agent version or the version `agentVersion` of the same agent, linked by `rerunOfRunId`.
         */
        post: operations["rerunRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/fork": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fork a run from a step’s checkpoint
         * @description Starts a new run (no thread) from the checkpoint of step `stepIndex` and the transcript up to it, on the same agent version or `agentVersion`, linked by `forkOf`. Steps before the fork point are not run again and their tool calls are not repeated: the fork continues at `stepIndex + 1`. Optional edits: `messages` rewrites user messages of the copied transcript by index (the task is 1), `appendMessage` adds a user message before the next model call (required when the run had completed at that step), `state` replaces the checkpoint state (as the run page’s Checkpoints tab shows it; validated, same step and transcript length, no calls in flight). Only retained checkpoints can be forked (the latest, approval points, the one before a failure); a queued or running run is a 409.
         */
        post: operations["forkRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Compare two runs
         * @description This run (left) side by side with the run `with` (right): each run with its agent version and duration, `sameAgent`, `sameInput`, `steps` and `toolCalls` as aligned pairs `{ left, right, same }` (longest common subsequence, so one extra step is one gap; at most 500 of each per side, `truncated` says when more exist) and `difference` (right − left: tokens, cost, model calls, tool calls, steps, duration).
         */
        get: operations["compareRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream run events (SSE)
         * @description Server-Sent Events: replays after `Last-Event-ID` (or `?lastEventId=` / `?afterSeq=`), then tails live and closes after `run-finished`. Every frame is a default `message` event (no `event:` field, so `EventSource.onmessage` receives all of them) with `retry: 3000`, `id: <seq>` and JSON `data: { seq, type, payload, createdAt }`; dispatch on `data.type`. Types — lifecycle: `run-created`, `run-queued`, `run-started`, `run-recovered`, `run-cancel-requested`, `run-finished` (always last; payload `status`); per step: `execution-started`, `step-started`, `model-call-started`, `model-call-finished`, `model-call-retry` (attempt, kind, statusCode, delayMs, retryAfterMs), `model-fallback`, `text-delta`, `tool-call-proposed`, `approval-requested`, `approval-decided`, `tool-call-started`, `tool-call-finished`, `tool-call-outcome-unknown`, `tool-observation-emitted`, `citation-recorded`, `compaction-applied`, `completion-reviewed`, `routing-decided`, `memory-injected`, `skill-loaded`, `checkpoint-saved`, `step-committed`. Ignore types you do not know: new ones may be added. Quiet streams carry `: heartbeat` comments. A resume at or past the end of a finished run (`Last-Event-ID` ≥ the `run-finished` seq) answers 204 with no body, on which a stock EventSource stops reconnecting. With `?format=json` it pages the log as `{ events, nextAfterSeq }` instead.
         */
        get: operations["streamRunEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page a run's transcript */
        get: operations["listRunMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/steps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page a run's steps
         * @description Steps in index order, each with its tool calls (name, ledger status), whether one failed, its approval state and its cost (null when unknown).
         */
        get: operations["listRunSteps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/steps/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find the steps matching filters
         * @description Filters by step kind, tool name, errors and approval state on the server; answers every matching step index, in order.
         */
        get: operations["findRunSteps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/steps/{index}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one step in full
         * @description The model request (its last `requestMessages` messages and the total), the response, the tool calls as a tree (sub-agent calls under the delegating call) and the events of the step.
         */
        get: operations["getRunStep"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search inside a run
         * @description Case-insensitive text across the run’s messages, tool calls (name, arguments, result, error) and events; at most `limit` hits per source, in run order.
         */
        get: operations["searchRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List approvals, newest first, with their context
         * @description Each approval carries what tells it apart from another request of the same tool: `run: { status, inputExcerpt, inputTruncated }` (the first 280 characters of the run's input), `agent: { id, name, slug, version }` (the version the run executes), `thread: { id, title } | null`, and `createdAt` (a pending request has waited since then). `status=decided` lists every approval that is no longer pending (approved, rejected or expired), filtered by the server so a page is full however many newer requests wait.
         */
        get: operations["listApprovals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve, reject or edit a pending tool call
         * @description One decision wins; a later one is a 409. The run continues on its own. An `edit`'s `arguments` (at most 256 KiB of JSON) must fit the tool's input schema: otherwise the answer is a 400 naming the field (`arguments.<path>`) and the approval stays pending. An MCP tool's schema lives on its server, so an edit of one is checked when the run resumes, where one that does not fit rejects the call with the reason the model reads.
         */
        post: operations["decideApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject several pending tool calls
         * @description Up to 100 approvals, each decided on its own exactly as by `POST /api/v1/approvals/{id}/decision` (audited, one decision wins): one already decided by someone else, expired or unknown does not stop the others.
         */
        post: operations["decideApprovals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an external event to the run waiting for it
         * @description The run whose `wait_for_event` call waits with this `correlationKey` resumes, and the call returns `payload` (any JSON, at most 64 KiB). Exactly once: of several deliveries for one wait one wins; a later one is a 409 (delivered already, timed out, or the run was cancelled) and changes nothing, so a sender may retry safely and treat 409 as done. 404 when no run ever waited for the key. Audit-logged as `run.event-delivered`.
         */
        post: operations["deliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/waits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A run's durable waits
         * @description Timers (`sleep`, `wait_until`) and events (`wait_for_event`) the run waited or waits for, oldest first. The event payload is not echoed.
         */
        get: operations["listRunWaits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/runs/{id}/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Feedback entries of a run */
        get: operations["listRunFeedback"];
        put?: never;
        /**
         * Record an outcome and/or reward on a run or one of its steps
         * @description Append-only: every entry is kept (a correction is a newer entry), with the calling key as its actor and `comment` as the why. A label, a reward, or both. The run’s episode memory is rewritten to carry it. Audit-logged as `run.feedback` (without the comment).
         */
        post: operations["recordRunFeedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{id}/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Feedback aggregated per agent version
         * @description Entries, mean/min/max reward and label counts per version, newest version first. Scorer-written feedback (replay runs) counts only with `includeScorers=true`.
         */
        get: operations["getAgentFeedback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List threads, most recently active first */
        get: operations["listThreads"];
        put?: never;
        /** Create a thread */
        post: operations["createThread"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one thread */
        get: operations["getThread"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename and/or archive a thread */
        patch: operations["updateThread"];
        trace?: never;
    };
    "/api/v1/threads/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page a thread's conversation across its runs
         * @description Oldest run first, each run in index order; every message carries its `runId`.
         */
        get: operations["listThreadMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List memory items, or search them with `q`
         * @description Without `q`: items newest first, filtered by `level`, `scopeId`, `kind` → `{ items, nextCursor }`. With `q`: hybrid search (vector + full text, `mode` to pick one) over the tenant-wide level plus the `agentId`/`threadId`/`userId` named → `{ hits: [{ item, score }] }`. 409 `vector-search-unavailable` for `mode=vector` on a database without pgvector.
         */
        get: operations["listMemories"];
        put?: never;
        /**
         * Store a memory item
         * @description A fact with an existing `key` in the same scope supersedes the old one (kept, marked, no longer searched).
         */
        post: operations["storeMemory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memories/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search memory
         * @description 409 `vector-search-unavailable` for `mode: "vector"` on a database without pgvector (hybrid and full-text work there).
         */
        post: operations["searchMemories"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one memory item */
        get: operations["getMemory"];
        put?: never;
        post?: never;
        /**
         * Forget a memory item
         * @description Hard delete: the item, its vector and its injection records. Forgetting the live item of a key forgets the values it replaced too; `?restorePrevious=true` makes the previous value live again instead.
         */
        delete: operations["forgetMemory"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memories/{id}/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pin a memory item (search boosts it) */
        post: operations["pinMemory"];
        /** Unpin a memory item */
        delete: operations["unpinMemory"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memory-decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List post-run extraction decisions
         * @description What fact extraction decided after runs (`add`, `update`, `delete`, `none`), newest first, by `runId` or about one `memoryItemId` → `{ decisions, nextCursor }`. Old and new text are the items' current text (null once forgotten); `undoable` says whether undo works now.
         */
        get: operations["listMemoryDecisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memory-decisions/{id}/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo an extraction decision
         * @description An update's previous item is live again, an added item is forgotten, a deleted item is back. 409 when already undone or overtaken by a later change.
         */
        post: operations["undoMemoryDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the tenant's agents */
        get: operations["listAgents"];
        put?: never;
        /**
         * Create an agent with version 1
         * @description Validated as in the console: unknown tools, a config that cannot run (no model and no demo script) and model URLs the outbound policy refuses are 400s naming the field.
         */
        post: operations["createAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one agent with its latest config
         * @description Secrets in the config are redacted.
         */
        get: operations["getAgent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an agent's versions, newest first */
        get: operations["listAgentVersions"];
        put?: never;
        /**
         * Save a config as the next version
         * @description Validated as in the console: unknown tools, a config that cannot run (no model and no demo script) and model URLs the outbound policy refuses are 400s naming the field. A config equal to the latest version's makes no version: 200 with `created: false`.
         */
        post: operations["saveAgentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one version of an agent */
        get: operations["getAgentVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive an agent (no new runs; versions and runs stay) */
        post: operations["archiveAgent"];
        /** Unarchive an agent */
        delete: operations["unarchiveAgent"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tenant's API keys
         * @description Prefixes, roles, last use and revocation; never secrets.
         */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tokens, cost and runs by outcome, per agent and per day
         * @description The window is [from, to) on run creation time; defaults to the last 30 days. A date (`2026-01-31`) means midnight UTC.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page the tenant's audit log, newest first
         * @description Who (key or system actor), what (action, target, before/after), when.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/budgets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's and its agents' budgets with usage against each
         * @description Windows are the current UTC day and month; usage is counted as runs commit their steps.
         */
        get: operations["getBudgets"];
        put?: never;
        /**
         * Set a token and/or cost budget of the tenant or one agent
         * @description Without `agentId` the budget is the tenant’s own. A run that finds a budget spent (at a step boundary or before a model call) ends `failed` with error kind `budget-exceeded`. Audit-logged.
         */
        post: operations["setBudget"];
        /** Remove a budget of the tenant or one agent */
        delete: operations["removeBudget"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/model-prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's model prices
         * @description Prices in US dollars per million tokens, per provider and model. A model config’s own `pricing` wins; a model in neither place has an unknown cost (its calls add tokens, never $0).
         */
        get: operations["listModelPrices"];
        put?: never;
        /**
         * Set the price of one model
         * @description Creates or replaces the price of `provider`/`model`. Applies to runs that start or resume afterwards. Audit-logged.
         */
        post: operations["setModelPrice"];
        /**
         * Remove the price of one model
         * @description Removing a price that is not set changes nothing (200).
         */
        delete: operations["removeModelPrice"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who this key is */
        get: operations["getCaller"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a run, a thread or the whole tenant
         * @description Deletes every row the unit produced (messages, tool calls, events, checkpoints, approvals, memory items, injections, embeddings) in one transaction. Queued or running work is a 409; for `tenant`, `id` is your own tenant id (see `GET /api/v1/me`).
         */
        post: operations["erase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tenant's webhook endpoints
         * @description URLs, subscribed event types and state; never secrets.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Event types: `run.completed`, `run.failed`, `run.cancelled`, `approval.requested`, `approval.decided`. The URL must be http(s) and resolve to public addresses only (loopback, private, link-local and metadata targets are refused). Each delivery is a POST signed with `AgentLoom-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a webhook endpoint */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an endpoint's deliveries */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description Creates a new delivery of the same event (same event id, fresh attempts); audit-logged.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp-servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tenant's MCP servers
         * @description Header names are listed with `set: true`; their values are never returned. `stdioCommands` names the operator allow-list entries (AGENTLOOM_MCP_STDIO_ALLOW) a stdio server may use.
         */
        get: operations["listMcpServers"];
        put?: never;
        /**
         * Add an MCP server
         * @description A `stdio` server runs an entry of the operator allow-list, chosen by name (`stdioCommand`); no command or argument comes from the request. A `streamable-http` server’s URL must pass the outbound policy now and at every connect (loopback, private, link-local and metadata targets are refused unless the operator allowed them in AGENTLOOM_ALLOW_PRIVATE_TARGETS); `headers` (e.g. `Authorization`) are stored sealed. Audit-logged without header values.
         */
        post: operations["createMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp-servers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an MCP server */
        get: operations["getMcpServer"];
        put?: never;
        post?: never;
        /**
         * Delete an MCP server
         * @description Agent versions that attach it fail their next run with `resume-mismatch`.
         */
        delete: operations["deleteMcpServer"];
        options?: never;
        head?: never;
        /**
         * Change an MCP server
         * @description The name stays (agent versions attach by it). `headers` merges: a value sets a header, `null` removes it, a header left out keeps its stored value while the URL stays; a new URL needs every stored header given again or removed (stored values are never sent to a new address).
         */
        patch: operations["updateMcpServer"];
        trace?: never;
    };
    "/api/v1/mcp-servers/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect and list tools
         * @description Connects now. `status: connected` lists each tool with the schema hash an agent version would pin; `status: failed` gives `errorKind`: `mcp-unreachable`, `mcp-outbound-refused`, `mcp-auth`, `mcp-protocol` or `mcp-stdio-not-allowed`.
         */
        post: operations["testMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the tenant's schedules */
        get: operations["listSchedules"];
        put?: never;
        /**
         * Create a schedule
         * @description `timing` is `{ kind: "cron", cronExpression, timeZone }` (5 fields, or 6 with seconds first; IANA zone) or `{ kind: "interval", intervalSeconds }` (≥ 60, slots from creation). `overlapPolicy`: `skip` | `queue` | `cancel-previous`; `catchUpPolicy` after downtime: `skip` | `run-once` | `run-all` (at most `catchUpLimit` slots). Each slot fires exactly once across every console and worker. Audit-logged.
         */
        post: operations["createSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schedules/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview the next fire times of a timing
         * @description For a timing that need not be saved (a form’s preview); a bad cron expression or time zone is a 400 naming `timing.cronExpression` or `timing.timeZone`.
         */
        post: operations["previewScheduleTiming"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a schedule */
        get: operations["getSchedule"];
        put?: never;
        post?: never;
        /**
         * Delete a schedule
         * @description The runs it created stay; their schedule link is cleared.
         */
        delete: operations["deleteSchedule"];
        options?: never;
        head?: never;
        /**
         * Change a schedule
         * @description Changes the fields given; a new `timing` restarts the slots from now. Audit-logged.
         */
        patch: operations["updateSchedule"];
        trace?: never;
    };
    "/api/v1/schedules/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a schedule
         * @description No slot fires while paused; slots that come due meanwhile are not made up on resume.
         */
        post: operations["pauseSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schedules/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a schedule
         * @description Fires again from the first slot after now.
         */
        post: operations["resumeSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schedules/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Preview a schedule’s next fire times */
        get: operations["previewSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the tenant's batches */
        get: operations["listBatches"];
        put?: never;
        /**
         * Submit a batch
         * @description `items` are the runs’ inputs: strings or `{ "input": "…" }` (a JSONL line’s shape), 1–10,000 of them (the body is at most 1 MiB). Every item is validated first: a bad one is a 400 naming `items.<index>.input`, and nothing is written. `agentVersion` pins a version (default: the latest); `concurrency` (default 10, at most 1,000) is the most of the batch’s runs running at once, enforced by every executor’s claim. Audit-logged.
         */
        post: operations["createBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/batches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a batch and its progress */
        get: operations["getBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/batches/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a batch’s items with their current run
         * @description Items in index order; results of finished items are readable while the batch runs. Page with `after` (the last item index seen).
         */
        get: operations["listBatchItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/batches/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a batch
         * @description Queued items end `cancelled` at once; running and waiting ones are cancelled as a run cancel does; no claim starts another item. A second cancel is a 409. Audit-logged.
         */
        post: operations["cancelBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/batches/{id}/retry-failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a batch’s failed items
         * @description A new queued run for every item whose current run failed, linked to it (`retryOfRunId`); the batch’s cap still holds. A cancelled batch is a 409. Audit-logged.
         */
        post: operations["retryFailedBatchItems"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/batches/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a batch’s results
         * @description Every item with its current run, as a download: JSONL (default) or CSV (`?format=csv`; a cell starting with = + - @ is prefixed with an apostrophe).
         */
        get: operations["exportBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/concurrency-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's and its agents' concurrency limits
         * @description The most runs of the tenant, or of one agent, running at once, with how many run now. Agents without a limit are not listed.
         */
        get: operations["getConcurrencyLimits"];
        put?: never;
        /**
         * Set or clear the concurrency limit of the tenant or one agent
         * @description Without `agentId` the limit is the tenant’s own; `maxRunningRuns: null` removes it. Every executor’s claim holds the limit from the next claim on (runs already running keep running). Audit-logged.
         */
        post: operations["setConcurrencyLimit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every tenant of the instance
         * @description Needs the instance operator key (`alop_…`); a tenant key of any role gets 403.
         */
        get: operations["listTenants"];
        put?: never;
        /**
         * Create a tenant
         * @description Needs the instance operator key (`alop_…`); a tenant key of any role gets 403. Mint its first admin key next (`POST /api/v1/tenants/{id}/admin-keys`).
         */
        post: operations["createTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a tenant's settings and standing
         * @description Needs the instance operator key (`alop_…`); a tenant key of any role gets 403.
         */
        get: operations["getTenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a tenant's name and settings
         * @description Needs the instance operator key (`alop_…`); a tenant key of any role gets 403. `retentionDays` (1–36500, null keeps forever), `rateLimitPerMinute` and `rateLimitBurst` per API key (null: the instance default). Fields left out stay.
         */
        patch: operations["updateTenant"];
        trace?: never;
    };
    "/api/v1/tenants/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend a tenant
         * @description Needs the instance operator key (`alop_…`); a tenant key of any role gets 403. Its keys and sessions get 403 `tenant-suspended`, its event streams end, its queued runs are not claimed (running ones finish). Idempotent.
         */
        post: operations["suspendTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenants/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a suspended tenant
         * @description Needs the instance operator key (`alop_…`); a tenant key of any role gets 403. Idempotent.
         */
        post: operations["resumeTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenants/{id}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a tenant with every row it has
         * @description Needs the instance operator key (`alop_…`); a tenant key of any role gets 403. Repeat the tenant's slug as `confirmSlug`. Queued or running runs are a 409 (suspend, then cancel or wait).
         */
        post: operations["eraseTenantAsOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenants/{id}/admin-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint a tenant's first admin key
         * @description Needs the instance operator key (`alop_…`); a tenant key of any role gets 403. Only while the tenant has no live admin key (409 otherwise: its admins mint further keys). `key` is shown this once.
         */
        post: operations["mintTenantAdminKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List datasets */
        get: operations["listDatasets"];
        put?: never;
        /**
         * Create a dataset
         * @description `unmatchedToolPolicy` decides what a replayed tool call with no recorded match does: `fail` (refused, the case fails) or `live-if-no-side-effects` (the real tool runs only when it declares `sideEffects: none`). An `unsafe` tool is never executed by a replay.
         */
        post: operations["createDataset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/datasets/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a dataset and its cases */
        get: operations["getDataset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/datasets/{name}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record finished runs as cases
         * @description Each run becomes a case: input, thread context, injected memories, tool results keyed by name and canonical arguments in call order, transcript with per-call usage, final output; plus the optional `expectedOutput` and `labels`. One transaction, one new dataset version.
         */
        post: operations["addDatasetRuns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/datasets/{name}/cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import hand-written cases (JSONL)
         * @description One JSON object per line: `{ input, expectedOutput?, labels?, threadContext?, memoryInjections?, toolResults? }`. A bad line is a 400 naming its line number and field; nothing is imported then.
         */
        post: operations["importDatasetCases"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/experiments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a dataset against an agent version
         * @description Queues one replay run per case on the executor (durable like any run). Poll `GET /api/v1/experiments/{id}` until `status` is `completed`; each read scores the replays that have finished.
         */
        post: operations["createExperiment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/experiments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an experiment and its per-case results */
        get: operations["getExperiment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        JsonValue: JsonValue;
        Caller: {
            tenantId: string;
            tenantName: string;
            apiKeyId: string;
            apiKeyName: string;
            /** @enum {string} */
            role: "viewer" | "operator" | "admin";
        };
        EraseReceipt: {
            /** @enum {string} */
            unit: "run" | "thread" | "tenant";
            id: string;
            tenantId: string;
            /** @description Table name → rows removed (0 listed too: every table was checked). */
            counts: {
                [key: string]: number;
            };
            /** Format: date-time */
            erasedAt: string;
        };
        ApiKey: {
            id: string;
            name: string;
            /** @description The public start of the key that identifies it; never the secret. */
            prefix: string;
            /** @enum {string} */
            role: "viewer" | "operator" | "admin";
            /** Format: date-time */
            createdAt: string;
            lastUsedAt: string | null;
            revokedAt: string | null;
        };
        CreatedApiKey: {
            id: string;
            name: string;
            /** @description The public start of the key that identifies it; never the secret. */
            prefix: string;
            /** @enum {string} */
            role: "viewer" | "operator" | "admin";
            /** Format: date-time */
            createdAt: string;
            lastUsedAt: string | null;
            revokedAt: string | null;
            /** @description The secret: shown this once, stored only as a hash. */
            key: string;
        };
        ApiKeyList: {
            apiKeys: components["schemas"]["ApiKey"][];
        };
        UsageSummary: {
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            /** @description Agents with at least one run in the window, most expensive first. */
            agents: {
                agentId: string;
                agentSlug: string;
                agentName: string;
                runs: number;
                runsByStatus: {
                    queued: number;
                    running: number;
                    waiting_human: number;
                    waiting: number;
                    succeeded: number;
                    failed: number;
                    cancelled: number;
                };
                modelCalls: number;
                inputTokens: number;
                outputTokens: number;
                /** @description Sum of the priced calls; read it with `costKnown`. */
                costUsd: number;
                /** @description Counted runs whose agent version has a model without prices (a run's `usage.costKnown` false): their calls added no cost. */
                unpricedRuns: number;
                /** @description `unpricedRuns` is 0: `costUsd` is the cost. Otherwise it is a lower bound, not the cost. */
                costKnown: boolean;
                toolCalls: number;
            }[];
            daily: {
                /** @description `YYYY-MM-DD` (UTC). */
                day: string;
                runs: number;
                inputTokens: number;
                outputTokens: number;
                /** @description Sum of the priced calls; a lower bound when `costKnown` is false. */
                costUsd: number;
                /** @description The day's runs whose cost is unknown. */
                unpricedRuns: number;
                costKnown: boolean;
            }[];
            totals: {
                runs: number;
                runsByStatus: {
                    queued: number;
                    running: number;
                    waiting_human: number;
                    waiting: number;
                    succeeded: number;
                    failed: number;
                    cancelled: number;
                };
                modelCalls: number;
                inputTokens: number;
                outputTokens: number;
                /** @description Sum of the priced calls; read it with `costKnown`. */
                costUsd: number;
                /** @description Counted runs whose agent version has a model without prices (a run's `usage.costKnown` false): their calls added no cost. */
                unpricedRuns: number;
                /** @description `unpricedRuns` is 0: `costUsd` is the cost. Otherwise it is a lower bound, not the cost. */
                costKnown: boolean;
                toolCalls: number;
            };
        };
        AuditEntry: {
            id: string;
            action: string;
            actorType: string;
            actorId: string;
            /** @description The API key's name when the key still exists. */
            actorName: string | null;
            targetType: string;
            targetId: string;
            before: components["schemas"]["JsonValue"];
            after: components["schemas"]["JsonValue"];
            ipAddress: string | null;
            requestId: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        AuditPage: {
            entries: components["schemas"]["AuditEntry"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        OpenApiDocument: {
            openapi: string;
            info: {
                title: string;
                version: string;
            } & {
                [key: string]: unknown;
            };
            paths: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        Agent: {
            id: string;
            slug: string;
            name: string;
            description: string;
            /** @description Newest version number; null for an agent without versions (it cannot run). */
            latestVersion: number | null;
            archived: boolean;
            /** Format: date-time */
            createdAt: string;
        };
        AgentList: {
            agents: components["schemas"]["Agent"][];
        };
        AgentVersionSummary: {
            /** @description The version row's id: what a run's `agentVersionId` points at. */
            id: string;
            version: number;
            /** @description sha256 of the canonical JSON of the effective config. */
            configHash: string;
            /** @description The API key name (or `seed`) that saved it. */
            createdBy: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        AgentVersionList: {
            versions: components["schemas"]["AgentVersionSummary"][];
        };
        AgentConfig: {
            /** @default You are a helpful agent. */
            instructions: string;
            /**
             * @default react
             * @enum {string}
             */
            mode: "react" | "plan";
            /** @default {} */
            limits: {
                maxModelCalls?: number;
                maxIterations?: number;
            };
            compaction?: {
                /** @constant */
                kind: "budget";
                /** @default 128000 */
                contextTokens: number;
                /** @default 0.8 */
                threshold: number;
                maxTurns?: number;
            } | {
                /** @constant */
                kind: "character";
                /** @default 60000 */
                triggerChars: number;
                /** @default 16000 */
                keepRecentChars: number;
            };
            /**
             * @default {
             *       "requireToolEvidence": false,
             *       "verify": false
             *     }
             */
            completion: {
                /** @default false */
                requireToolEvidence: boolean;
                /** @default false */
                verify: boolean;
            };
            builtinTools?: string[];
            /** @default {} */
            approvals: {
                [key: string]: "always" | "never";
            };
            /** @default [] */
            subAgents: {
                name: string;
                /** @default  */
                description: string;
                instructions: string;
                /**
                 * @default react
                 * @enum {string}
                 */
                mode: "react" | "plan";
            }[];
            memory?: {
                tenantId: string;
                agentId?: string;
            };
            memoryInjection?: {
                /** @default 3 */
                maxMemories: number;
                /** @default 0.39 */
                minScore: number;
            };
            skills?: {
                directory: string;
            };
            demoScript?: {
                replies: {
                    whenTaskIncludes?: string;
                    /** @default  */
                    text: string;
                    /** @default [] */
                    toolCalls: {
                        name: string;
                        /** @default {} */
                        arguments: {
                            [key: string]: unknown;
                        };
                    }[];
                }[];
                /** @default The demo script has no further replies. */
                fallback: string;
            };
            model?: {
                /** @enum {string} */
                provider: "openai" | "anthropic" | "openai-compatible";
                model: string;
                /** Format: uri */
                baseURL?: string;
                apiKey?: string;
                contextWindowTokens?: number;
                pricing?: {
                    inputPerMillion: number;
                    outputPerMillion: number;
                    cachedInputPerMillion?: number;
                };
            };
            /** @default [] */
            fallbackModels: {
                /** @enum {string} */
                provider: "openai" | "anthropic" | "openai-compatible";
                model: string;
                /** Format: uri */
                baseURL?: string;
                apiKey?: string;
                contextWindowTokens?: number;
                pricing?: {
                    inputPerMillion: number;
                    outputPerMillion: number;
                    cachedInputPerMillion?: number;
                };
            }[];
            /** @default [] */
            tools: string[];
            mcpServers?: {
                server: string;
                tools?: string[];
            }[];
            mcpTools?: {
                server: string;
                tool: string;
                schemaHash: string;
                /** @enum {string} */
                sideEffects?: "none" | "idempotent" | "unsafe";
            }[];
            approvalExpiryMinutes?: number;
            runBudget?: {
                maxTokens?: number;
                maxCostUsd?: number;
                /** @enum {string} */
                onExceeded?: "fail" | "pause";
            };
            memoryWriting?: {
                /** @default false */
                extractFacts: boolean;
                conversations?: {
                    /** @enum {string} */
                    scope: "thread" | "user";
                };
                modelSummaryAfterProviderFailure?: boolean;
            };
        };
        AgentVersion: {
            /** @description The version row's id: what a run's `agentVersionId` points at. */
            id: string;
            version: number;
            /** @description sha256 of the canonical JSON of the effective config. */
            configHash: string;
            /** @description The API key name (or `seed`) that saved it. */
            createdBy: string | null;
            /** Format: date-time */
            createdAt: string;
            agentId: string;
            config: components["schemas"]["AgentConfig"];
        };
        AgentDetail: {
            id: string;
            slug: string;
            name: string;
            description: string;
            /** @description Newest version number; null for an agent without versions (it cannot run). */
            latestVersion: number | null;
            archived: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description The newest version with its config; null without versions. */
            latest: components["schemas"]["AgentVersion"] | null;
        };
        SavedAgentVersion: {
            agent: components["schemas"]["AgentDetail"];
            version: components["schemas"]["AgentVersion"];
            created: boolean;
        };
        Approval: {
            id: string;
            runId: string;
            toolCallId: string;
            toolName: string;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected" | "expired";
            /**
             * @description What it asks. `gate`: may this call run (approve, reject or edit)? `outcome-question`: did this call, which ran and whose executor stopped, complete (approve = it did, reject = it did not)? A question cannot be edited.
             * @enum {string}
             */
            kind: "gate" | "outcome-question";
            requestReason: string;
            decisionReason: string | null;
            decidedBy: string | null;
            decidedAt: string | null;
            originalArguments: components["schemas"]["JsonValue"];
            editedArguments: components["schemas"]["JsonValue"];
            expiresAt: string | null;
            /**
             * Format: date-time
             * @description When the request was made: a pending approval has waited since then.
             */
            createdAt: string;
            /** @description The run that asks (what tells two requests of one tool apart). */
            run: {
                /** @enum {string} */
                status: "queued" | "running" | "waiting_human" | "waiting" | "succeeded" | "failed" | "cancelled";
                /** @description The run's input text (or its JSON), at most 280 characters. */
                inputExcerpt: string;
                /** @description True when the input is longer than the excerpt. */
                inputTruncated: boolean;
            };
            /** @description The agent and the version number the run executes. */
            agent: {
                id: string;
                name: string;
                slug: string;
                version: number;
            };
            /** @description The conversation the run continues; null outside any thread. */
            thread: {
                id: string;
                title: string;
            } | null;
        };
        ApprovalPage: {
            approvals: components["schemas"]["Approval"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        BulkDecisionOutcome: {
            approvalId: string;
            /** @constant */
            outcome: "decided";
            approval: components["schemas"]["Approval"];
        } | {
            approvalId: string;
            /** @constant */
            outcome: "refused";
            /** @description The error kind that refused it: `conflict` (already decided, expired) or `not-found`. */
            kind: string;
            message: string;
        };
        BulkDecisionResult: {
            /** @description In the order of `approvalIds`. */
            outcomes: components["schemas"]["BulkDecisionOutcome"][];
        };
        Batch: {
            id: string;
            agentId: string;
            agentVersion: number;
            name: string;
            /** @description The most of its runs running at once. */
            concurrency: number;
            /** @enum {string} */
            status: "running" | "completed" | "cancelled";
            /** @description Items by their current run's status. */
            progress: {
                total: number;
                queued: number;
                running: number;
                /** @description Waiting for a human or a timer. */
                waiting: number;
                succeeded: number;
                failed: number;
                cancelled: number;
            };
            createdBy: string | null;
            /** Format: date-time */
            createdAt: string;
            cancelledAt: string | null;
            completedAt: string | null;
        };
        BatchItem: {
            /** @description The item index (0-based, submission order). */
            item: number;
            /** @description The item's current run (its latest retry). */
            runId: string;
            status: string;
            input: string | null;
            /** @description The run's final text once it succeeded. */
            output: string | null;
            errorKind: string | null;
            errorMessage: string | null;
            /** @description Runs this item has had (1 + its retries). */
            attempts: number;
        };
        BatchList: {
            batches: components["schemas"]["Batch"][];
        };
        BatchItemPage: {
            items: components["schemas"]["BatchItem"][];
            /** @description Pass as `after` for the next page; null on the last page. */
            nextAfter: number | null;
        };
        BatchRetry: {
            batch: components["schemas"]["Batch"];
            /** @description Failed items given a new run. */
            retried: number;
        };
        AgentConcurrencyLimit: {
            agentId: string;
            agentName: string;
            /** @description Null: no limit. */
            maxRunningRuns: number | null;
            /** @description Runs of the scope running now. */
            running: number;
        };
        ConcurrencyLimits: {
            tenant: {
                /** @description Null: no limit. */
                maxRunningRuns: number | null;
                /** @description Runs of the scope running now. */
                running: number;
            };
            /** @description Only agents that have a limit. */
            agents: components["schemas"]["AgentConcurrencyLimit"][];
        };
        Budget: {
            /** @enum {string} */
            period: "daily" | "monthly";
            /** @description Null: tokens are not limited by this budget. */
            maxTokens: number | null;
            /** @description Null: cost is not limited by this budget. */
            maxCostUsd: number | null;
            /**
             * @description What a run does when this budget is spent: fail with `budget-exceeded`, or pause for an operator.
             * @enum {string}
             */
            onExceeded: "fail" | "pause";
            /**
             * Format: date
             * @description First day (UTC) of the current window.
             */
            windowStart: string;
            usedTokens: number;
            /** @description Priced calls only: a call of a model without prices adds tokens, never cost. */
            usedCostUsd: number;
        };
        AgentBudgets: {
            agentId: string;
            agentName: string;
            daily: components["schemas"]["Budget"] | null;
            monthly: components["schemas"]["Budget"] | null;
        };
        BudgetsOverview: {
            tenant: {
                daily: components["schemas"]["Budget"] | null;
                monthly: components["schemas"]["Budget"] | null;
                usage: {
                    todayTokens: number;
                    todayCostUsd: number;
                    monthTokens: number;
                    monthCostUsd: number;
                };
            };
            agents: components["schemas"]["AgentBudgets"][];
        };
        ModelPrice: {
            /** @description As model configs name it: openai, anthropic, openai-compatible. */
            provider: string;
            /** @description The model id as model configs name it. */
            model: string;
            inputUsdPerMillion: number;
            outputUsdPerMillion: number;
            /** @description Price of input tokens the provider read from its prompt cache (as the AI SDK reports them); null: they cost the input price. */
            cachedInputUsdPerMillion: number | null;
            /** Format: date-time */
            updatedAt: string;
        };
        ModelPriceList: {
            prices: components["schemas"]["ModelPrice"][];
        };
        Dataset: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string;
            /** @description Grows by one with every change to the cases. */
            version: number;
            /** @description `fail` or `live-if-no-side-effects`: what a replayed call with no recorded match does (an unsafe tool is never executed). */
            unmatchedToolPolicy: string;
            caseCount: number;
            /** Format: date-time */
            createdAt: string;
        };
        DatasetList: {
            datasets: components["schemas"]["Dataset"][];
        };
        DatasetDetail: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string;
            /** @description Grows by one with every change to the cases. */
            version: number;
            /** @description `fail` or `live-if-no-side-effects`: what a replayed call with no recorded match does (an unsafe tool is never executed). */
            unmatchedToolPolicy: string;
            caseCount: number;
            /** Format: date-time */
            createdAt: string;
            cases: {
                /** Format: uuid */
                id: string;
                position: number;
                addedInVersion: number;
                sourceRunId: string | null;
                input: string;
                finalOutput: string | null;
                expectedOutput: string | null;
                labels: string[];
                /** @description Recorded tool results the case serves. */
                toolCallCount: number;
                /** @description The source run's outcomes and rewards when the case was recorded (ADR 0051). */
                feedback: {
                    label: string | null;
                    reward: number | null;
                    comment: string;
                    stepIndex: number | null;
                    source: string;
                    actorName: string;
                    createdAt?: string;
                }[];
            }[];
        };
        Experiment: {
            /** Format: uuid */
            id: string;
            dataset: string;
            datasetVersion: number;
            /** Format: uuid */
            agentId: string;
            agentVersion: number;
            /** @description `recorded`: recorded model replies until the first divergence, then the version’s model; `live`: the version’s model. */
            modelMode: string;
            /** @description `recorded`: memory reads return what the recorded run was given; `live`: the tenant’s memory at replay time. A replay never writes memory. */
            memoryMode: string;
            /** @enum {string} */
            status: "running" | "completed";
            baselineExperimentId: string | null;
            scorers: components["schemas"]["JsonValue"][];
            /** @description Aggregates, once every case is scored. */
            summary: {
                cases: number;
                passed: number;
                failed: number;
                passRate: number;
                regressions: number;
                improvements: number;
                casesDiverged: number;
                meanDeltaVsRecorded: {
                    steps: number;
                    tokens: number;
                    costUsd: number;
                    latencyMs: number | null;
                };
                baselinePassRate: number | null;
            } | null;
            /** @description Cases whose replay runs an erase removed (ADR 0104); they are not in `results`, nor in a `summary` written after the erase. Above 0, the summary is no verdict on every case: a CI gate should fail or re-run on a fresh experiment. */
            erasedCases: number;
            /** Format: date-time */
            createdAt: string;
            finishedAt: string | null;
            results: {
                /** Format: uuid */
                caseId: string;
                position: number;
                input: string;
                sourceRunId: string | null;
                /**
                 * Format: uuid
                 * @description The replay run (open it, or compare it with `sourceRunId`).
                 */
                runId: string;
                /** @enum {string} */
                status: "running" | "passed" | "failed";
                /** @description The baseline passed this case and this experiment did not. */
                regression: boolean;
                /** @description 0-based position of the first tool call that differs from the recording. */
                firstDivergentCall: number | null;
                /** @description The replay run’s step where it diverged. */
                firstDivergentStep: number | null;
                failureReason: string | null;
                scores: {
                    scorer: string;
                    /** @description The verdict; null for measurements (usage deltas). */
                    passed: boolean | null;
                    value: number;
                    explanation: string;
                    /**
                     * @description Why the scorer could not score: the judge’s tenant or agent budget was spent (the case fails).
                     * @enum {string}
                     */
                    error?: "budget-exceeded";
                }[];
                /** @description `metrics`, `vsRecorded` (replay − recording) and `vsBaseline` (metrics and per-scorer value differences). */
                deltas: {
                    [key: string]: components["schemas"]["JsonValue"];
                };
            }[];
        };
        McpServer: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string;
            /** @enum {string} */
            transport: "stdio" | "streamable-http";
            stdioCommand: string | null;
            /** @description The URL with its credentials shown as `***`: userinfo, query values, long opaque path segments, fragment. */
            url: string | null;
            headers: {
                name: string;
                /** @constant */
                set: true;
            }[];
            createdBy: string;
            createdAt: string;
            updatedAt: string;
        };
        McpServerList: {
            mcpServers: components["schemas"]["McpServer"][];
            stdioCommands: string[];
        };
        McpTool: {
            name: string;
            description: string;
            /** @enum {string} */
            sideEffects: "none" | "idempotent" | "unsafe";
            schemaHash: string;
            unusable?: string;
        };
        McpServerTest: {
            /** @constant */
            status: "connected";
            serverVersion: string | null;
            tools: components["schemas"]["McpTool"][];
        } | {
            /** @constant */
            status: "failed";
            /** @enum {string} */
            errorKind: "mcp-unreachable" | "mcp-outbound-refused" | "mcp-auth" | "mcp-protocol" | "mcp-stdio-not-allowed";
            message: string;
        };
        MemoryItem: {
            id: string;
            /** @enum {string} */
            level: "thread" | "agent" | "project" | "user";
            scopeId: string;
            /** @enum {string} */
            kind: "episode" | "fact" | "document_chunk" | "procedure";
            key: string | null;
            content: string;
            metadata: components["schemas"]["JsonValue"];
            threadId: string | null;
            sourceRunId: string | null;
            pinned: boolean;
            expiresAt: string | null;
            supersededById: string | null;
            lastUsedAt: string | null;
            embedderId: string | null;
            embeddingDimension: number | null;
            /** Format: date-time */
            createdAt: string;
            /** @description When what it records happened; null when stored without one (createdAt stands in). */
            occurredAt: string | null;
        };
        MemoryItemPage: {
            items: components["schemas"]["MemoryItem"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        MemoryHit: {
            /** @description Higher is better; comparable only within one search. */
            score: number;
            /** @description Why the hit scored what it did. */
            parts?: {
                /** @description Raw cosine similarity of query and item; null when no vector list was searched. */
                similarity: number | null;
                /** @description BM25 share of the query’s term weight, 0…1; null when no lexical list was searched. */
                lexical: number | null;
                /** @description Calibrated blend of the two lists, 0…1: what orders the hits and what the search’s minimum compares. */
                relevance: number;
                /** @description The better list’s calibrated score, 0…1, scaled like relevance by unknown names: what abstention and injection thresholds compare (ADR 0061). */
                evidence?: number;
                pinned: number;
                recency: number;
                time: number;
                /** @description Names the query uses that no memory the caller may see holds; present only when there are some, and then relevance and evidence are scaled down (ADR 0054). */
                unknownNames?: string[];
                /** @description Cosine similarity of the query and the mean vector of the item’s thread; present only when the item came from a thread and vectors were compared, and then mixed into the semantic side of relevance (ADR 0065). Evidence stays on the item’s own similarity. */
                threadSimilarity?: number;
            };
            item: {
                id: string;
                /** @enum {string} */
                kind: "fact" | "episode" | "document" | "procedure";
                content: string;
                key?: string;
                scope: {
                    tenantId: string;
                    agentId?: string;
                    threadId?: string;
                    userId?: string;
                };
                metadata?: {
                    [key: string]: components["schemas"]["JsonValue"];
                };
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                occurredAt?: string;
            };
        };
        MemorySearchResult: {
            hits: components["schemas"]["MemoryHit"][];
        };
        ForgetResult: {
            forgotten: boolean;
            /** @description The item made live again (`restorePrevious`), if any. */
            restoredId: string | null;
            /** @description Older items of the key's history forgotten with it. */
            historyForgotten: number;
            /** @description Items written from it, forgotten with it: later values an update made from it or that quote it, and what runs that read it wrote (episodes, turns, facts). */
            derivedForgotten: number;
        };
        MemoryDecision: {
            id: string;
            runId: string;
            /** @enum {string} */
            event: "add" | "update" | "delete" | "none";
            key: string | null;
            memoryItemId: string | null;
            previousItemId: string | null;
            /** @description The item's text now; null once forgotten or erased. */
            newContent: string | null;
            oldContent: string | null;
            reason: string;
            undoneAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description Whether undo can reverse it now. */
            undoable: boolean;
        };
        MemoryDecisionPage: {
            decisions: components["schemas"]["MemoryDecision"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        MemoryListOrSearchResult: components["schemas"]["MemoryItemPage"] | components["schemas"]["MemorySearchResult"];
        Run: {
            id: string;
            agentId: string;
            agentVersionId: string;
            /** @description The agent version number the run executes; fixed at creation. */
            agentVersion: number;
            threadId: string | null;
            /** @description The thread's title (may be empty); null when the run has no thread. */
            threadTitle: string | null;
            /** @enum {string} */
            status: "queued" | "running" | "waiting_human" | "waiting" | "succeeded" | "failed" | "cancelled";
            input: components["schemas"]["JsonValue"];
            output: components["schemas"]["JsonValue"];
            error: {
                kind: string;
                message: string;
            } | null;
            attempt: number;
            maxAttempts: number;
            cancelRequested: boolean;
            usage: {
                modelCalls: number;
                inputTokens: number;
                outputTokens: number;
                /** @description Sum of the priced calls; read it with `costKnown`. */
                costUsd: number;
                /** @description False when a model the run could call has no prices: `costUsd` is then a lower bound. */
                costKnown: boolean;
                toolCalls: number;
                steps: number;
            };
            /** Format: date-time */
            queuedAt: string;
            startedAt: string | null;
            finishedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description The failed run this run retries. */
            retryOfRunId: string | null;
            /** @description The run whose input this run re-runs. */
            rerunOfRunId: string | null;
            /** @description The run that retries this one. */
            retriedByRunId: string | null;
            /** @description The run this one forks and the step whose checkpoint it started from. */
            forkOf: {
                runId: string;
                stepIndex: number;
            } | null;
            /** @description Runs forked from this one (the first 50), oldest first, with the step each started from. */
            forks: {
                runId: string;
                stepIndex: number;
            }[];
            /** @description The schedule that fired this run and the slot (fire time) it was created for; null for runs created otherwise. */
            schedule: {
                scheduleId: string;
                /** @description The schedule’s current name. */
                name: string | null;
                /** Format: date-time */
                slot: string;
            } | null;
            /** @description The budgets that limit this run alone; both apply, and the first spent ends it `failed` with `budget-exceeded` (or pauses it, by policy). */
            budget: {
                /** @description The budget given in the create request; null when none was. */
                request: {
                    maxTokens?: number;
                    maxCostUsd?: number;
                    /**
                     * @description `pause`: the run waits for an operator when the budget is spent; absent: it fails.
                     * @enum {string}
                     */
                    onExceeded?: "fail" | "pause";
                } | null;
                /** @description The agent version’s `runBudget`; null when it has none. */
                version: {
                    maxTokens?: number;
                    maxCostUsd?: number;
                    /**
                     * @description `pause`: the run waits for an operator when the budget is spent; absent: it fails.
                     * @enum {string}
                     */
                    onExceeded?: "fail" | "pause";
                } | null;
            };
            /** @description Set while the run waits because a budget whose policy is `pause` is spent; resume it with `POST /api/v1/runs/{id}/resume` or cancel it. */
            budgetPause: {
                /** @description run, agent-daily, agent-monthly, tenant-daily or tenant-monthly. */
                scope: string;
                /** @description tokens or cost-usd. */
                measure: string;
                limit: number;
                used: number;
                /** @description The reason shown on the run page. */
                message: string;
                /** Format: date-time */
                pausedAt: string;
                /** @description When the run resumes by itself if no budget is spent then: the end of the daily or monthly budget’s UTC window. Null when the run’s own budget paused it (only a resume does). */
                resumesAt: string | null;
            } | null;
            /** @description Whether the server would retry, re-run or fork this run, by the rules it enforces; what depends on the request (the version, the fork step, the caller’s role) is judged when it is made. */
            repeat: {
                /** @description `POST /api/v1/runs/{id}/retry`; allowed for a run already retried (it answers that retry). */
                retry: {
                    allowed: boolean;
                    /** @description The rule that refuses it: `status` (retry: only failed or cancelled runs; fork: not while queued or running), `replay` (a replay of a dataset case; run the experiment again), `archived-agent` (until an admin unarchives the agent), `archived-thread` (retry only; archiving a thread cannot be undone, re-run instead), `cancelled-batch` (retry only; the run is an item of a cancelled batch, re-run instead), `input` (not a text input). Null when allowed. */
                    refusedBy: ("status" | "replay" | "archived-agent" | "archived-thread" | "cancelled-batch" | "input") | null;
                    /** @description The message the server answers when asked anyway (`409`/`400` on `runId`); null when allowed. */
                    reason: string | null;
                };
                /** @description `POST /api/v1/runs/{id}/rerun`. */
                rerun: {
                    allowed: boolean;
                    /** @description The rule that refuses it: `status` (retry: only failed or cancelled runs; fork: not while queued or running), `replay` (a replay of a dataset case; run the experiment again), `archived-agent` (until an admin unarchives the agent), `archived-thread` (retry only; archiving a thread cannot be undone, re-run instead), `cancelled-batch` (retry only; the run is an item of a cancelled batch, re-run instead), `input` (not a text input). Null when allowed. */
                    refusedBy: ("status" | "replay" | "archived-agent" | "archived-thread" | "cancelled-batch" | "input") | null;
                    /** @description The message the server answers when asked anyway (`409`/`400` on `runId`); null when allowed. */
                    reason: string | null;
                };
                /** @description `POST /api/v1/runs/{id}/fork`; the step asked for must also have a kept checkpoint. */
                fork: {
                    allowed: boolean;
                    /** @description The rule that refuses it: `status` (retry: only failed or cancelled runs; fork: not while queued or running), `replay` (a replay of a dataset case; run the experiment again), `archived-agent` (until an admin unarchives the agent), `archived-thread` (retry only; archiving a thread cannot be undone, re-run instead), `cancelled-batch` (retry only; the run is an item of a cancelled batch, re-run instead), `input` (not a text input). Null when allowed. */
                    refusedBy: ("status" | "replay" | "archived-agent" | "archived-thread" | "cancelled-batch" | "input") | null;
                    /** @description The message the server answers when asked anyway (`409`/`400` on `runId`); null when allowed. */
                    reason: string | null;
                };
            };
        };
        RunPage: {
            runs: components["schemas"]["Run"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        RunEvent: {
            /** @description Counts from 1 without gaps; the SSE `id`. */
            seq: number;
            /** @description Dispatch on it; ignore types you do not know. */
            type: string;
            payload: {
                [key: string]: components["schemas"]["JsonValue"];
            };
            /** Format: date-time */
            createdAt: string;
        };
        StoredRunEvent: {
            /** @description Counts from 1 without gaps; the SSE `id`. */
            seq: number;
            /** @description Dispatch on it; ignore types you do not know. */
            type: string;
            payload: {
                [key: string]: components["schemas"]["JsonValue"];
            };
            /** Format: date-time */
            createdAt: string;
            runId: string;
        };
        RunEventPage: {
            events: components["schemas"]["StoredRunEvent"][];
            /** @description Pass as `afterSeq` for the next page; null on the last page. */
            nextAfterSeq: number | null;
        };
        Message: {
            id: string;
            runId: string;
            index: number;
            stepId: string | null;
            /** @enum {string} */
            role: "system" | "user" | "assistant" | "tool";
            kind: string;
            content: string;
            toolCalls: components["schemas"]["JsonValue"];
            toolCallId: string | null;
            toolName: string | null;
            isError: boolean;
            memoryItemIds: string[];
            /** Format: date-time */
            createdAt: string;
        };
        RunMessagePage: {
            messages: components["schemas"]["Message"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: number | null;
        };
        RunStep: {
            id: string;
            index: number;
            /** @description model_call | tool_call | compaction | verification | approval_wait | routing | memory_injection */
            kind: string;
            /** @description How the step ended: the engine's next-step type (run-again, final-output, approval-request, interrupted). */
            status: string;
            parentStepId: string | null;
            inputTokens: number;
            outputTokens: number;
            /** @description The step’s model cost; null when unknown or when the step called no model. */
            costUsd: number | null;
            /** Format: date-time */
            startedAt: string;
            finishedAt: string | null;
            toolCalls: {
                name: string;
                status: string;
            }[];
            hasError: boolean;
            /** @description pending | approved | rejected | expired when a call of the step asked for approval. */
            approval: string | null;
        };
        RunStepPage: {
            steps: components["schemas"]["RunStep"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: number | null;
        };
        StepIndexes: {
            stepIndexes: number[];
        };
        ToolCallNode: {
            id: string;
            runId: string;
            callId: string;
            stepIndex: number | null;
            name: string;
            implementationId: string;
            /** @description none | idempotent | unsafe */
            sideEffects: string;
            status: string;
            statusHistory: {
                status: string;
                /** Format: date-time */
                at: string;
                attempt?: number;
                actor?: string;
                reason?: string;
            }[];
            arguments: components["schemas"]["JsonValue"];
            editedArguments: components["schemas"]["JsonValue"];
            result: components["schemas"]["JsonValue"];
            outputBytes: number | null;
            error: {
                kind: string;
                message: string;
            } | null;
            idempotencyKey: string;
            /** Format: date-time */
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
            durationMs: number | null;
            delegation: {
                parentToolCallId: string | null;
                subAgent: string;
                childInstanceId: string | null;
            } | null;
            approval: {
                id: string;
                status: string;
                requestReason: string;
                decidedBy: string | null;
                decidedAt: string | null;
                decisionReason: string | null;
                expiresAt: string | null;
            } | null;
            children: components["schemas"]["ToolCallNode"][];
        };
        RunStepDetail: {
            step: components["schemas"]["RunStep"];
            request: {
                messages: components["schemas"]["Message"][];
                total: number;
            };
            response: components["schemas"]["Message"][];
            toolCalls: components["schemas"]["ToolCallNode"][];
            events: components["schemas"]["StoredRunEvent"][];
            previousIndex: number | null;
            nextIndex: number | null;
        };
        RunSearchResult: {
            hits: {
                /** @enum {string} */
                source: "message" | "tool-call" | "event";
                /** @description Message id, tool call ledger id, or event seq (as text). */
                id: string;
                stepIndex: number | null;
                label: string;
                excerpt: string;
            }[];
            truncated: {
                message: boolean;
                "tool-call": boolean;
                event: boolean;
            };
        };
        RunComparison: {
            left: {
                run: components["schemas"]["Run"];
                agentVersion: number;
                durationMs: number | null;
                /** @description The run has more steps or tool calls than were compared. */
                truncated: boolean;
            };
            right: {
                run: components["schemas"]["Run"];
                agentVersion: number;
                durationMs: number | null;
                /** @description The run has more steps or tool calls than were compared. */
                truncated: boolean;
            };
            sameAgent: boolean;
            sameInput: boolean;
            steps: {
                left: {
                    index: number;
                    kind: string;
                    status: string;
                    toolNames: string[];
                    inputTokens: number;
                    outputTokens: number;
                } | null;
                right: {
                    index: number;
                    kind: string;
                    status: string;
                    toolNames: string[];
                    inputTokens: number;
                    outputTokens: number;
                } | null;
                same: boolean;
            }[];
            toolCalls: {
                left: {
                    name: string;
                    status: string;
                    arguments: components["schemas"]["JsonValue"];
                } | null;
                right: {
                    name: string;
                    status: string;
                    arguments: components["schemas"]["JsonValue"];
                } | null;
                same: boolean;
            }[];
            /** @description Right minus left. */
            difference: {
                inputTokens: number;
                outputTokens: number;
                costUsd: number;
                modelCalls: number;
                toolCalls: number;
                steps: number;
                durationMs: number | null;
            };
        };
        Schedule: {
            id: string;
            name: string;
            agentId: string;
            agentName: string;
            /** @description Pinned version number; null fires the latest version. */
            agentVersion: number | null;
            timing: {
                /** @constant */
                kind: "cron";
                cronExpression: string;
                timeZone: string;
            } | {
                /** @constant */
                kind: "interval";
                intervalSeconds: number;
                timeZone: string;
            };
            inputTemplate: string;
            /** @enum {string} */
            overlapPolicy: "skip" | "queue" | "cancel-previous";
            /** @enum {string} */
            catchUpPolicy: "skip" | "run-once" | "run-all";
            catchUpLimit: number;
            paused: boolean;
            /**
             * Format: date-time
             * @description The next slot (while paused: the slot it would fire at; resume moves it to the first slot after now).
             */
            nextFireAt: string;
            lastFiredAt: string | null;
            lastRunId: string | null;
            firedCount: number;
            /** @description Due slots that got no run (overlap or catch-up policy). */
            skippedCount: number;
            /** @description Why the last due slot created no run (agent archived, version missing). */
            lastError: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        ScheduleList: {
            schedules: components["schemas"]["Schedule"][];
        };
        SchedulePreview: {
            /** @description The next fire times, oldest first. */
            fireTimes: string[];
        };
        Tenant: {
            /** Format: uuid */
            id: string;
            slug: string;
            name: string;
            suspended: boolean;
            suspendedAt: string | null;
            retentionDays: number | null;
            rateLimitPerMinute: number | null;
            rateLimitBurst: number | null;
            activeAdminKeys: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        TenantList: {
            tenants: components["schemas"]["Tenant"][];
        };
        MintedAdminKey: {
            /** Format: uuid */
            tenantId: string;
            /** Format: uuid */
            id: string;
            name: string;
            prefix: string;
            /** @constant */
            role: "admin";
            /** Format: date-time */
            createdAt: string;
            key: string;
        };
        Thread: {
            id: string;
            agentId: string;
            endUserId: string | null;
            title: string;
            /** @description Archived threads take no new runs; null while active. */
            archivedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        ThreadPage: {
            threads: components["schemas"]["Thread"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        ThreadMessagePage: {
            messages: components["schemas"]["Message"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        RunWait: {
            id: string;
            runId: string;
            /** @description The tool call that waits (sleep, wait_until or wait_for_event). */
            callId: string;
            /** @enum {string} */
            kind: "timer" | "event";
            /**
             * @description `completed`: the timer elapsed or the event timed out.
             * @enum {string}
             */
            status: "pending" | "delivered" | "completed" | "cancelled";
            /** @description The key an event is delivered with; null for a timer. */
            correlationKey: string | null;
            /** @description The timer's end or the event's timeout; null waits for the event without limit. */
            wakeAt: string | null;
            deliveredAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        RunWaitList: {
            waits: components["schemas"]["RunWait"][];
        };
        EventDelivery: {
            runId: string;
            callId: string;
            correlationKey: string;
            /** Format: date-time */
            deliveredAt: string;
        };
        RunFeedback: {
            /** Format: uuid */
            id: string;
            /** @description Null once the run was erased (the entry stays in its version’s aggregate, without its comment). */
            runId: string | null;
            /** @description The step it is about; null: the whole run. */
            stepIndex: number | null;
            /** @description The outcome label (`resolved`, `wrong-answer`, …). */
            label: string | null;
            reward: number | null;
            /** @description Why; cleared when the run is erased. */
            comment: string;
            /** @enum {string} */
            source: "console" | "api" | "scorer";
            /** @description The API key (console or client), or the experiment whose scorer wrote it. */
            actor: {
                /** @enum {string} */
                type: "api_key" | "scorer";
                id: string;
                name: string;
            };
            /** Format: date-time */
            createdAt: string;
        };
        RunFeedbackList: {
            feedback: components["schemas"]["RunFeedback"][];
        };
        VersionFeedbackList: {
            versions: {
                version: number;
                /** Format: uuid */
                agentVersionId: string;
                entries: number;
                rewardCount: number;
                meanReward: number | null;
                minReward: number | null;
                maxReward: number | null;
                /** @description How often each label was given. */
                labels: {
                    [key: string]: number;
                };
            }[];
        };
        Webhook: {
            id: string;
            /** @description The URL with its credentials shown as `***`: userinfo, query values, long opaque path segments, fragment. */
            url: string;
            description: string;
            eventTypes: ("run.completed" | "run.failed" | "run.cancelled" | "approval.requested" | "approval.decided")[];
            enabled: boolean;
            /** Format: date-time */
            createdAt: string;
        };
        CreatedWebhook: {
            id: string;
            /** @description The URL with its credentials shown as `***`: userinfo, query values, long opaque path segments, fragment. */
            url: string;
            description: string;
            eventTypes: ("run.completed" | "run.failed" | "run.cancelled" | "approval.requested" | "approval.decided")[];
            enabled: boolean;
            /** Format: date-time */
            createdAt: string;
            /** @description The signing secret: shown this once. */
            secret: string;
        };
        WebhookList: {
            webhooks: components["schemas"]["Webhook"][];
        };
        WebhookDelivery: {
            id: string;
            webhookId: string;
            eventId: string;
            eventType: string;
            /** @enum {string} */
            status: "pending" | "delivering" | "succeeded" | "failed";
            attempts: number;
            /** @description Null once the delivery has finished. */
            nextAttemptAt: string | null;
            lastStatusCode: number | null;
            lastError: string | null;
            redeliveryOfId: string | null;
            deliveredAt: string | null;
            /** Format: date-time */
            createdAt: string;
            payload: components["schemas"]["JsonValue"];
        };
        WebhookDeliveryPage: {
            deliveries: components["schemas"]["WebhookDelivery"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        Error: {
            error: {
                /** @description validation, unauthenticated, forbidden, tenant-suspended, not-found, conflict, method-not-allowed, payload-too-large, uri-too-long, rate-limited, unavailable, internal */
                kind: string;
                message: string;
                /** @description The input field at fault, when there is one (`agentId`, `scope.id`, `limit`). */
                field?: string;
            };
        };
        ForkRunBodyschema0: JsonValue;
        DeliverEventBodyschema0: JsonValue;
        StoreMemoryBodyschema0: JsonValue;
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listRuns: {
        parameters: {
            query?: {
                status?: "queued" | "running" | "waiting_human" | "waiting" | "succeeded" | "failed" | "cancelled";
                agentId?: string;
                threadId?: string;
                /** @description Only runs on this agent version number (with `agentId`: of that agent). */
                agentVersion?: number;
                /** @description Only runs queued within this long before now (`1h`, `24h`, `7d`, `30d`); not combined with `from`/`to`. */
                within?: "1h" | "24h" | "7d" | "30d";
                /** @description Only runs queued at or after this instant (ISO 8601 with offset, or a day meaning midnight UTC). */
                from?: string;
                /** @description Only runs queued before this instant (exclusive). */
                to?: string;
                /** @description Case-insensitive text found in the run id or in the run’s input (its `text`, else its JSON). */
                search?: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ runs: Run[], nextCursor: string | null }`; pass `nextCursor` as `cursor` for the next page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunPage"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retrying with the same key and body returns the first run (200); another body is a 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    agentId: string;
                    agentVersion?: number;
                    /** Format: uuid */
                    threadId?: string;
                    input: string;
                    budget?: {
                        maxTokens?: number;
                        maxCostUsd?: number;
                        /** @enum {string} */
                        onExceeded?: "fail" | "pause";
                    };
                };
            };
        };
        responses: {
            /** @description An `Idempotency-Key` replayed an earlier request: the run it created. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description The run (`Location` names it). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run: status, input, output, error, usage, timestamps. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run with `cancelRequested: true`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resumeRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    budget?: {
                        maxTokens?: number;
                        maxCostUsd?: number;
                        /** @enum {string} */
                        onExceeded?: "fail" | "pause";
                    };
                };
            };
        };
        responses: {
            /** @description The run, `budgetPause: null`, about to be claimed again. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run that already retries this one. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description The new run (`Location` names it). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rerunRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    agentVersion?: number;
                };
            };
        };
        responses: {
            /** @description The new run (`Location` names it). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    forkRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    stepIndex: number;
                    agentVersion?: number;
                    messages?: {
                        index: number;
                        content: string;
                    }[];
                    appendMessage?: string;
                    state?: {
                        [key: string]: components["schemas"]["ForkRunBodyschema0"];
                    };
                };
            };
        };
        responses: {
            /** @description The new run (`Location` names it). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    compareRuns: {
        parameters: {
            query: {
                /** @description The run to compare with (the right side). */
                with: string;
            };
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ left, right, sameAgent, sameInput, steps, toolCalls, difference }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunComparison"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    streamRunEvents: {
        parameters: {
            query?: {
                afterSeq?: number;
                limit?: number;
                types?: string[];
                /** @description For clients that cannot set headers: same as `Last-Event-ID`. */
                lastEventId?: string;
                /** @description `json` pages the log instead of streaming. */
                format?: "json";
                /** @description Interval of `: heartbeat` comments while the run is quiet (default 15000). */
                heartbeatMs?: number;
            };
            header?: {
                /** @description The last sequence number received; the stream resumes after it. */
                "Last-Event-ID"?: string;
            };
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A `text/event-stream` of run events; with `?format=json`, a JSON page of the log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunEventPage"];
                    "text/event-stream": string;
                };
            };
            /** @description The run has finished and `Last-Event-ID` is at or past its `run-finished` event: nothing left to send. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRunMessages: {
        parameters: {
            query?: {
                cursor?: number;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ messages, nextCursor: number | null }` in index order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunMessagePage"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRunSteps: {
        parameters: {
            query?: {
                cursor?: number;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ steps, nextCursor: number | null }`; pass `nextCursor` as `cursor`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunStepPage"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    findRunSteps: {
        parameters: {
            query?: {
                kind?: "model_call" | "tool_call" | "compaction" | "verification" | "approval_wait" | "routing" | "memory_injection";
                toolName?: string;
                errors?: boolean;
                approval?: "any" | "pending" | "approved" | "rejected" | "expired";
            };
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ stepIndexes: number[] }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StepIndexes"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRunStep: {
        parameters: {
            query?: {
                requestMessages?: number;
            };
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
                /** @description The step index (from 0). */
                index: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ step, request: { messages, total }, response, toolCalls, events, previousIndex, nextIndex }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunStepDetail"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchRun: {
        parameters: {
            query: {
                /** @description The text to find. */
                q: string;
                /** @description Comma-separated subset of `message,tool-call,event`. */
                sources?: string;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ hits: { source, id, stepIndex, label, excerpt }[], truncated: { message, tool-call, event } }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunSearchResult"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApprovals: {
        parameters: {
            query?: {
                status?: "pending" | "approved" | "rejected" | "expired" | "decided";
                runId?: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ approvals, nextCursor }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalPage"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    decideApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The approval id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    decision: "approve";
                } | {
                    /** @constant */
                    decision: "reject";
                    reason: string;
                } | {
                    /** @constant */
                    decision: "edit";
                    arguments: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The decided approval. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Approval"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    decideApprovals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    approvalIds: string[];
                    /** @constant */
                    decision: "approve";
                } | {
                    approvalIds: string[];
                    /** @constant */
                    decision: "reject";
                    reason: string;
                };
            };
        };
        responses: {
            /** @description `{ outcomes: ({ approvalId, outcome: 'decided', approval } | { approvalId, outcome: 'refused', kind: 'conflict' | 'not-found', message })[] }`, in the order of `approvalIds`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkDecisionResult"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deliverEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The key the waiting run gave its wait_for_event call */
                    correlationKey: string;
                    /**
                     * @description Any JSON; the waiting tool call returns it as its result
                     * @default null
                     */
                    payload?: components["schemas"]["DeliverEventBodyschema0"];
                };
            };
        };
        responses: {
            /** @description Which run and call took the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventDelivery"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRunWaits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ waits }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunWaitList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRunFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ feedback }`, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunFeedbackList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recordRunFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    stepIndex?: number;
                    label?: string;
                    reward?: number;
                    /** @default  */
                    comment?: string;
                };
            };
        };
        responses: {
            /** @description The stored entry. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunFeedback"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAgentFeedback: {
        parameters: {
            query?: {
                /** @description Count scorer-written feedback too (default false). */
                includeScorers?: boolean;
            };
            header?: never;
            path: {
                /** @description The agent id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ versions }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionFeedbackList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listThreads: {
        parameters: {
            query?: {
                agentId?: string;
                endUserId?: string;
                includeArchived?: boolean;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ threads, nextCursor }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreadPage"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createThread: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    agentId: string;
                    endUserId?: string;
                    /** @default  */
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The thread (`Location` names it). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thread"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getThread: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The thread id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The thread. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thread"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateThread: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The thread id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    /**
                     * @description true archives the thread (no new runs); there is no un-archive.
                     * @constant
                     */
                    archived?: true;
                };
            };
        };
        responses: {
            /** @description The updated thread. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thread"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listThreadMessages: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The thread id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ messages, nextCursor }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreadMessagePage"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMemories: {
        parameters: {
            query?: {
                level?: "thread" | "agent" | "project" | "user";
                scopeId?: string;
                kind?: "episode" | "fact" | "document_chunk" | "procedure";
                includeSuperseded?: boolean;
                cursor?: string;
                limit?: number;
                /** @description Search text; switches the response to `{ hits: [{ item, score }] }`. */
                q?: string;
                agentId?: string;
                threadId?: string;
                userId?: string;
                mode?: "hybrid" | "vector" | "full-text";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ items, nextCursor }`, or `{ hits }` with `q`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryListOrSearchResult"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    storeMemory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    scope: {
                        /** @enum {string} */
                        level: "thread" | "agent" | "project" | "user";
                        id?: string;
                    };
                    /** @enum {string} */
                    kind: "episode" | "fact" | "document_chunk" | "procedure";
                    content: string;
                    key?: string;
                    metadata?: {
                        [key: string]: components["schemas"]["StoreMemoryBodyschema0"];
                    };
                    /** @default false */
                    pinned?: boolean;
                    /** Format: date-time */
                    expiresAt?: string;
                    /** Format: date-time */
                    occurredAt?: string;
                };
            };
        };
        responses: {
            /** @description The stored item. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryItem"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchMemories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                    /** @default {} */
                    scope?: {
                        agentId?: string;
                        /** Format: uuid */
                        threadId?: string;
                        userId?: string;
                    };
                    kinds?: ("episode" | "fact" | "document_chunk" | "procedure")[];
                    /** @default 10 */
                    limit?: number;
                    /**
                     * @default hybrid
                     * @enum {string}
                     */
                    mode?: "hybrid" | "vector" | "full-text";
                    /** Format: date-time */
                    occurredAfter?: string;
                    /** Format: date-time */
                    occurredBefore?: string;
                    /** Format: date-time */
                    now?: string;
                };
            };
        };
        responses: {
            /** @description `{ hits: [{ item, score }] }`, best first; scores compare only within one search. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemorySearchResult"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMemory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The memory item id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryItem"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    forgetMemory: {
        parameters: {
            query?: {
                /** @description Make the value this item replaced live again (default false: it is forgotten too) */
                restorePrevious?: boolean;
            };
            header?: never;
            path: {
                /** @description The memory item id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ forgotten: true, restoredId, historyForgotten, derivedForgotten }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForgetResult"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pinMemory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The memory item id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item with `pinned: true`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryItem"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unpinMemory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The memory item id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item with `pinned: false`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryItem"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMemoryDecisions: {
        parameters: {
            query?: {
                runId?: string;
                memoryItemId?: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ decisions, nextCursor }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryDecisionPage"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    undoMemoryDecision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The decision id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The decision, with `undoneAt` set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryDecision"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAgents: {
        parameters: {
            query?: {
                includeArchived?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ agents: [{ id, slug, name, description, latestVersion, archived, createdAt }] }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAgent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    slug: string;
                    name: string;
                    /** @default  */
                    description?: string;
                    /** @default {} */
                    config?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The agent with its first version. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentDetail"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentDetail"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAgentVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ versions }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentVersionList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    saveAgentVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    config: {
                        [key: string]: unknown;
                    };
                    name?: string;
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The config equalled the latest version's: no new version, `created: false`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedAgentVersion"];
                };
            };
            /** @description `{ agent, version, created }`: a new version. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedAgentVersion"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAgentVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent id (uuid). */
                id: string;
                /** @description The version number: 1, 2, … */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version with its config (secrets redacted). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentVersion"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    archiveAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unarchiveAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ apiKeys }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    role: "viewer" | "operator" | "admin";
                };
            };
        };
        responses: {
            /** @description The key; its `key` field is the only time the secret is shown. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The API key id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key with `revokedAt` set; it stops authenticating at once. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                agentId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The usage summary: totals, per agent, per day. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageSummary"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                action?: string;
                actorId?: string;
                targetType?: string;
                targetId?: string;
                from?: string;
                to?: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ entries, nextCursor }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBudgets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ tenant: { daily, monthly, usage }, agents: [{ agentId, agentName, daily, monthly }] }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BudgetsOverview"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setBudget: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    agentId?: string;
                    /** @enum {string} */
                    period: "daily" | "monthly";
                    /** @default null */
                    maxTokens?: number | null;
                    /** @default null */
                    maxCostUsd?: number | null;
                    /**
                     * @default fail
                     * @enum {string}
                     */
                    onExceeded?: "fail" | "pause";
                };
            };
        };
        responses: {
            /** @description The budgets after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BudgetsOverview"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeBudget: {
        parameters: {
            query: {
                agentId?: string;
                period: "daily" | "monthly";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The budgets after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BudgetsOverview"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listModelPrices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ prices: ModelPrice[] }`, by provider and model. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelPriceList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setModelPrice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    provider: string;
                    model: string;
                    inputUsdPerMillion: number;
                    outputUsdPerMillion: number;
                    /** @default null */
                    cachedInputUsdPerMillion?: number | null;
                };
            };
        };
        responses: {
            /** @description The price table after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelPriceList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeModelPrice: {
        parameters: {
            query: {
                provider: string;
                model: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The price table after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelPriceList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCaller: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ tenantId, tenantName, apiKeyId, apiKeyName, role }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Caller"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    erase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    target: "run" | "thread" | "tenant";
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description The receipt `{ unit, id, tenantId, counts: { table: rows }, erasedAt }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EraseReceipt"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ webhooks: [{ id, url, description, eventTypes, enabled, createdAt }] }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    eventTypes: ("run.completed" | "run.failed" | "run.cancelled" | "approval.requested" | "approval.decided")[];
                    /** @default  */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The endpoint; its `secret` field is the only time the signing secret is shown. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhook"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted endpoint; its pending deliveries are dropped. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The webhook endpoint id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ deliveries: [{ id, eventId, eventType, status, attempts, lastStatusCode, lastError, … }], nextCursor }`, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMcpServers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ mcpServers, stdioCommands }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServerList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    transport: "stdio";
                    stdioCommand: string;
                    name: string;
                    /** @default  */
                    description?: string;
                } | {
                    /** @constant */
                    transport: "streamable-http";
                    url: string;
                    /** @default {} */
                    headers?: {
                        [key: string]: string;
                    };
                    name: string;
                    /** @default  */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The server. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServer"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The MCP server id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServer"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The MCP server id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted server. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServer"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The MCP server id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    stdioCommand?: string;
                    /** @description The URL as views show it (with `***`) keeps the stored one; any other URL with `***` is refused: give the whole URL to change it. */
                    url?: string;
                    headers?: {
                        [key: string]: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description The server. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServer"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testMcpServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The MCP server id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tools, or why the server could not be used. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServerTest"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSchedules: {
        parameters: {
            query?: {
                agentId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ schedules }`, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduleList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** Format: uuid */
                    agentId: string;
                    /**
                     * @description Pinned version number; null fires the latest version.
                     * @default null
                     */
                    agentVersion?: number | null;
                    /** @description Run input; `{{slot}}` (ISO time), `{{slotLocal}}` (in the time zone) and `{{scheduleName}}` are replaced. */
                    inputTemplate: string;
                    /**
                     * @default skip
                     * @enum {string}
                     */
                    overlapPolicy?: "skip" | "queue" | "cancel-previous";
                    /**
                     * @default skip
                     * @enum {string}
                     */
                    catchUpPolicy?: "skip" | "run-once" | "run-all";
                    /** @default 10 */
                    catchUpLimit?: number;
                    /** @default false */
                    paused?: boolean;
                    timing: {
                        /** @constant */
                        kind: "cron";
                        /** @description Five fields (minute hour day-of-month month day-of-week) or six with seconds first; `@daily`, `@hourly` … too. */
                        cronExpression: string;
                        /**
                         * @description IANA time zone the cron expression is read in.
                         * @default UTC
                         */
                        timeZone?: string;
                    } | {
                        /** @constant */
                        kind: "interval";
                        intervalSeconds: number;
                        /**
                         * @description IANA time zone the cron expression is read in.
                         * @default UTC
                         */
                        timeZone?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The schedule, with its first fire time. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schedule"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewScheduleTiming: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    timing: {
                        /** @constant */
                        kind: "cron";
                        /** @description Five fields (minute hour day-of-month month day-of-week) or six with seconds first; `@daily`, `@hourly` … too. */
                        cronExpression: string;
                        /**
                         * @description IANA time zone the cron expression is read in.
                         * @default UTC
                         */
                        timeZone?: string;
                    } | {
                        /** @constant */
                        kind: "interval";
                        intervalSeconds: number;
                        /**
                         * @description IANA time zone the cron expression is read in.
                         * @default UTC
                         */
                        timeZone?: string;
                    };
                    /** @default 5 */
                    count?: number;
                };
            };
        };
        responses: {
            /** @description The next fire times from now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SchedulePreview"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The schedule id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schedule"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The schedule id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schedule"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The schedule id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    agentVersion?: number | null;
                    /** @description Run input; `{{slot}}` (ISO time), `{{slotLocal}}` (in the time zone) and `{{scheduleName}}` are replaced. */
                    inputTemplate?: string;
                    /** @enum {string} */
                    overlapPolicy?: "skip" | "queue" | "cancel-previous";
                    /** @enum {string} */
                    catchUpPolicy?: "skip" | "run-once" | "run-all";
                    catchUpLimit?: number;
                    timing?: {
                        /** @constant */
                        kind: "cron";
                        /** @description Five fields (minute hour day-of-month month day-of-week) or six with seconds first; `@daily`, `@hourly` … too. */
                        cronExpression: string;
                        /**
                         * @description IANA time zone the cron expression is read in.
                         * @default UTC
                         */
                        timeZone?: string;
                    } | {
                        /** @constant */
                        kind: "interval";
                        intervalSeconds: number;
                        /**
                         * @description IANA time zone the cron expression is read in.
                         * @default UTC
                         */
                        timeZone?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schedule"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pauseSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The schedule id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schedule"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resumeSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The schedule id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schedule"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewSchedule: {
        parameters: {
            query?: {
                /** @description How many fire times (1–50). */
                count?: number;
            };
            header?: never;
            path: {
                /** @description The schedule id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The next fire times, from the stored next fire time. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SchedulePreview"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBatches: {
        parameters: {
            query?: {
                agentId?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ batches }`, newest first, each with its progress. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retrying with the same key and body returns the first batch (200) and queues no runs; another body is a 409 on `idempotencyKey`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    agentId: string;
                    agentVersion?: number;
                    /** @default  */
                    name?: string;
                    /** @default 10 */
                    concurrency?: number;
                    items: {
                        input: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description An `Idempotency-Key` replayed an earlier request: the batch it created, with its progress now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description The batch, its items queued (`Location` names it). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The batch id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBatchItems: {
        parameters: {
            query?: {
                status?: "queued" | "running" | "waiting_human" | "waiting" | "succeeded" | "failed" | "cancelled";
                after?: number;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The batch id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of items. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchItemPage"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The batch id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryFailedBatchItems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The batch id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch and how many items were retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchRetry"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportBatch: {
        parameters: {
            query?: {
                format?: "jsonl" | "csv";
            };
            header?: never;
            path: {
                /** @description The batch id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The items, in index order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                    "text/csv": string;
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConcurrencyLimits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ tenant: { maxRunningRuns, running }, agents: [{ agentId, agentName, maxRunningRuns, running }] }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConcurrencyLimits"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setConcurrencyLimit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    agentId?: string;
                    maxRunningRuns: number | null;
                };
            };
        };
        responses: {
            /** @description The limits after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConcurrencyLimits"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTenants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ tenants }` with settings and standing. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenantList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    retentionDays?: number | null;
                    rateLimitPerMinute?: number | null;
                    rateLimitBurst?: number | null;
                    slug: string;
                };
            };
        };
        responses: {
            /** @description The tenant. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tenant"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tenant"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    retentionDays?: number | null;
                    rateLimitPerMinute?: number | null;
                    rateLimitBurst?: number | null;
                };
            };
        };
        responses: {
            /** @description The tenant after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tenant"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    suspendTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tenant"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resumeTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tenant"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    eraseTenantAsOperator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    confirmSlug: string;
                };
            };
        };
        responses: {
            /** @description The receipt: rows removed per table. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EraseReceipt"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mintTenantAdminKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default Initial admin key */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The key with its secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MintedAdminKey"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDatasets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{ datasets }`, by name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatasetList"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDataset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default  */
                    description?: string;
                    /**
                     * @default fail
                     * @enum {string}
                     */
                    unmatchedToolPolicy?: "fail" | "live-if-no-side-effects";
                };
            };
        };
        responses: {
            /** @description The new dataset (version 1, no cases). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dataset"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDataset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dataset with its cases in order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatasetDetail"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addDatasetRuns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    runIds: string[];
                    expectedOutput?: string;
                    /** @default [] */
                    labels?: string[];
                };
            };
        };
        responses: {
            /** @description The dataset at its new version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dataset"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicts with the current state (already decided, still running, idempotency key reused). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    importDatasetCases: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    jsonl: string;
                };
            };
        };
        responses: {
            /** @description The dataset at its new version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dataset"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createExperiment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dataset: string;
                    /** Format: uuid */
                    agentId: string;
                    agentVersion: number;
                    /** Format: uuid */
                    baselineExperimentId?: string;
                    /**
                     * @default recorded
                     * @enum {string}
                     */
                    modelMode?: "recorded" | "live";
                    /**
                     * @default recorded
                     * @enum {string}
                     */
                    memoryMode?: "recorded" | "live";
                    /**
                     * @default [
                     *       {
                     *         "type": "tool-sequence",
                     *         "namesOnly": false
                     *       }
                     *     ]
                     */
                    scorers?: ({
                        /** @constant */
                        type: "exact";
                        /** @default true */
                        trim?: boolean;
                    } | {
                        /** @constant */
                        type: "contains";
                        text?: string;
                        /** @default false */
                        ignoreCase?: boolean;
                    } | {
                        /** @constant */
                        type: "regex";
                        pattern: string;
                        /** @default  */
                        flags?: string;
                    } | {
                        /** @constant */
                        type: "json-schema";
                        schema: {
                            [key: string]: unknown;
                        };
                    } | {
                        /** @constant */
                        type: "tool-sequence";
                        /** @default false */
                        namesOnly?: boolean;
                    } | {
                        /** @constant */
                        type: "memory-superseded";
                    } | {
                        /** @constant */
                        type: "memory-expected";
                        /** @default [] */
                        keys?: string[];
                        /** @default [] */
                        ids?: string[];
                    } | {
                        /** @constant */
                        type: "llm-judge";
                        rubric: string;
                        /** Format: uuid */
                        judgeAgentId: string;
                        judgeAgentVersion: number;
                        /** @default 0.5 */
                        passThreshold?: number;
                    } | {
                        /** @constant */
                        type: "custom";
                        name: string;
                        /** @default {} */
                        options?: {
                            [key: string]: unknown;
                        };
                    })[];
                };
            };
        };
        responses: {
            /** @description The experiment, its cases `running`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Experiment"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getExperiment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The experiment id (uuid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Per-case pass/fail, scores with explanations, deltas, first divergent step, regressions, aggregates. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Experiment"];
                };
            };
            /** @description Invalid input; `error.field` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or not a valid one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown id, or one of another tenant (never told apart). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
