-- ADR 0091. `agentloom_run_watched` was a STABLE SQL function, so a single-statement writer (the claim, the
-- finish, the create) tested for watchers in the snapshot its statement started with. A stream that registered
-- its run while such a statement waited for the run's row lock was missed: the statement's NOTIFY test did not
-- see the row, its events committed after the stream's catch-up read, and the stream got them only at the
-- watcher refresh, up to 10 s later (bench/end-to-end: `run-finished` 2.5–9 s late in 1–2 % of runs).
-- A VOLATILE plpgsql function takes a fresh snapshot for each query it runs, and every caller evaluates it
-- after its statement has updated (and locked) the run's row: a stream registered while the writer waited
-- for that lock is seen. Same answer otherwise.
CREATE OR REPLACE FUNCTION agentloom_run_watched(p_run_id uuid, p_tenant_id uuid) RETURNS boolean AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM run_event_watchers WHERE run_id = p_run_id AND expires_at > now())
      OR EXISTS (SELECT 1 FROM run_event_watchers WHERE tenant_id = p_tenant_id AND expires_at > now());
END;
$$ LANGUAGE plpgsql VOLATILE;
