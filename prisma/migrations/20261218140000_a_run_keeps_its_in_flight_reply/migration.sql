-- The action-model reply of the step in progress, stored by the tool ledger before that step's first
-- `unsafe` call starts (ADR 0085, amended). A real provider names each call anew in every response
-- (OpenAI `call_…`, Anthropic `toolu_…`), so a resumed attempt that asked the model again got new call
-- ids, found no ledger row for them and ran the unsafe call a second time. The resumed attempt now
-- answers that step's action call with this reply: same call ids, so the ledger's outcome-unknown rule
-- applies. `{ step, response }`; NULL for almost every run.
ALTER TABLE "runs" ADD COLUMN "in_flight_reply" JSONB;

-- The reply is needed only until its step commits or the run ends: a committed step is never asked again.
-- Cleared then by the row's own update, so no commit path needs to know the column. The WHEN is tested
-- before the function is called: a run without a stored reply (nearly all) pays nothing.
CREATE FUNCTION agentloom_clear_in_flight_reply() RETURNS trigger AS $$
BEGIN
  NEW.in_flight_reply := NULL;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER runs_clear_in_flight_reply
  BEFORE UPDATE OF step_count, status ON runs
  FOR EACH ROW
  WHEN (OLD.in_flight_reply IS NOT NULL AND (NEW.step_count <> OLD.step_count OR NEW.status IN ('succeeded', 'failed', 'cancelled')))
  EXECUTE FUNCTION agentloom_clear_in_flight_reply();
