-- The claim's row estimate (issue 12, ADR 0066). The claim statement (run-claims.ts) joins the runs
-- that agentloom_claimable_runs picked back to `runs` to update them. A set-returning function is
-- estimated at 1,000 rows unless it says otherwise, and against a `runs` table of a few thousand rows
-- the planner chose a hash join over a sequential scan of the whole table for every claim — a claim
-- of 8 cost 9–15 ms on a loaded machine and grew with the table. The function returns at most
-- p_limit rows (an executor's free slots, a handful), so say so: the join becomes a nested loop of
-- primary-key lookups whatever the table's size.
ALTER FUNCTION agentloom_claimable_runs(integer, jsonb) ROWS 8;
