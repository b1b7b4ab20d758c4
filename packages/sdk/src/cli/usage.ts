/** `agentloom --help`. */
export const usage = `Usage: agentloom <command> [options]

Commands
  run <agent-slug-or-id> "input" [--thread <id>] [--max-tokens <n>] [--max-cost-usd <dollars>] [--follow]
                                 start a run; --follow streams its events and exits with its outcome
  approvals list [--status pending|approved|rejected|expired|decided]
  approvals approve <approval-id>
  approvals reject <approval-id> --reason "why"
  events deliver <correlation-key> [--payload '{"json":true}']
                                 resume the run waiting in wait_for_event; a second delivery is a 409
  events waits <run-id>          the run's durable waits (timers and events)
  memories search "query" [--limit n]
  memories forget <memory-id>
  erase run|thread|tenant <id>   erase with every row it produced (admin key); prints the receipt
  agents list
  agents create <slug> --name "Name" --config agent.json [--description "…"]
  agents save <agent-slug-or-id> --config agent.json   save the config as the next version
  agents archive|unarchive <agent-slug-or-id>
  budgets                        the tenant's and agents' budgets with usage (UTC day and month)
  budgets set daily|monthly [--agent <agent>] [--max-tokens n|none] [--max-cost-usd x|none]
  budgets remove daily|monthly [--agent <agent>]    (set and remove need an admin key)
  concurrency-limits [list]      the tenant's and agents' limits on runs running at once, with the runs running now
  concurrency-limits set (--tenant | --agent <agent>) --max <n|none>   (needs an admin key; none removes the limit)
  schedules list
  schedules create <agent-slug-or-id> --name "Name" (--cron "0 9 * * 1-5" [--tz Europe/Paris] | --every <seconds>)
                 --input "Report for {{slot}}" [--overlap skip|queue|cancel-previous] [--catch-up skip|run-once|run-all]
  schedules preview <schedule-id> | preview (--cron "…" [--tz …] | --every <seconds>)   next fire times [--limit n]
  schedules pause|resume|delete <schedule-id>
  batch submit --agent <agent-slug-or-id> --file items.jsonl [--concurrency n] [--version n] [--name "Name"]
                 one JSON string or {"input": "…"} a line; at most 10,000 items
  batch list [--agent <agent>] | status|cancel|retry-failed <batch-id>
  batch export <batch-id> [--format jsonl|csv]   every item with its current run, to stdout
  tenants list                   (these take the operator key: --key or $AGENTLOOM_OPERATOR_KEY)
  tenants create <slug> --name "Name" [settings]
  tenants get <tenant-id>
  tenants update <tenant-id> [--name "Name"] [settings]
  tenants suspend|resume <tenant-id>
  tenants admin-key <tenant-id> [--name "Key name"]   mint its first admin key (printed once)
  tenants erase <tenant-id> --confirm <tenant-slug>
    settings: --retention-days n|none --rate-limit-per-minute n|none --rate-limit-burst n|none
  eval run --dataset NAME --version N [--baseline M] [--fail-on-regression] [--agent <slug-or-id>]
           [--mode recorded|live] [--memory recorded|live] [--report-dir DIR]
                                 replay a dataset on version N (after M as the baseline); writes
                                 eval-report.json and eval-report.md; --memory live reads the
                                 tenant's memory now instead of the recorded injections

Options
  --url <url>    console URL (default $AGENTLOOM_URL, else http://localhost:3000)
  --key <key>    API key (default $AGENTLOOM_API_KEY)
  --json         print results as JSON
  -h, --help     this help

Exit codes: 0 success (run succeeded), 1 run failed or API error, 2 usage error, 3 run cancelled,
4 eval run --fail-on-regression found a regression, 5 it found cases erased while the experiment ran.`;
