-- ADR 0098: after a stream registers its run and reads the table, it waits for the writers that hold
-- the run's row. Every writer tests for watchers after it has locked the row and keeps it until its
-- commit, so a writer whose test ran before the registration committed is one of them: once they
-- are done, a read of the table finds what they wrote, without waiting for a settle read's timer.
-- FOR SHARE conflicts with the writers' row locks (an UPDATE takes FOR NO KEY UPDATE) and with
-- nothing that only reads. A queued run is not locked: the claim takes queued rows FOR UPDATE SKIP
-- LOCKED and would skip it. The wait is bounded (lock_timeout): false means it gave up, and the
-- settle reads remain. The row lock commits without waiting for the WAL flush: nothing depends on it.
CREATE OR REPLACE FUNCTION agentloom_run_writers_settled(p_run_id uuid, p_timeout_ms integer) RETURNS boolean AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM set_config('lock_timeout', p_timeout_ms::text, true);
  BEGIN
    PERFORM 1 FROM runs WHERE id = p_run_id AND status <> 'queued' FOR SHARE;
  EXCEPTION WHEN lock_not_available THEN
    RETURN false;
  END;
  RETURN true;
END;
$$ LANGUAGE plpgsql VOLATILE;
