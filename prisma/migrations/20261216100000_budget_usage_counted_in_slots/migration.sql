-- Budget usage counted in slots (ADR 0100). Every step commit that reports tokens upserts its tenant's and
-- agent's day row in the budget trigger and holds that row's lock until it commits (its WAL flush included),
-- so the step commits of one tenant's concurrent runs queued behind each other on two rows. A day's usage is
-- now spread over up to eight rows per subject: a run always counts into the slot its id hashes to, and
-- readers sum the slots (they already summed the month's days).
ALTER TABLE "budget_usage_days" DROP CONSTRAINT "budget_usage_days_pkey",
ADD COLUMN     "slot" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "budget_usage_days_pkey" PRIMARY KEY ("tenant_id", "subject", "day", "slot");

-- The slot a key counts into. The number of slots is written here only: a reader sums whatever slots exist.
CREATE FUNCTION agentloom_budget_usage_slot(key text) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (hashtext(key) & 7)::smallint $$;

-- As in 20261207100000_served_replies_are_not_billed, into the run's slot. The tenant's row comes before the
-- agent's, as before, so two commits that share a slot take its two locks in the same order.
CREATE OR REPLACE FUNCTION agentloom_count_budget_usage() RETURNS trigger AS $$
DECLARE
  v_tokens BIGINT := (NEW.input_tokens - OLD.input_tokens) + (NEW.output_tokens - OLD.output_tokens) - (NEW.served_tokens - OLD.served_tokens);
  v_cost DECIMAL(16,6) := (NEW.cost_usd - OLD.cost_usd) - (NEW.served_cost_usd - OLD.served_cost_usd);
  v_day DATE := (now() AT TIME ZONE 'UTC')::date;
  v_slot SMALLINT := agentloom_budget_usage_slot(NEW.id::text);
BEGIN
  IF v_tokens = 0 AND v_cost = 0 THEN RETURN NULL; END IF;
  INSERT INTO budget_usage_days (tenant_id, subject, day, slot, tokens, cost_usd)
  VALUES (NEW.tenant_id, 'tenant', v_day, v_slot, v_tokens, v_cost), (NEW.tenant_id, NEW.agent_id::text, v_day, v_slot, v_tokens, v_cost)
  ON CONFLICT (tenant_id, subject, day, slot) DO UPDATE
    SET tokens = budget_usage_days.tokens + EXCLUDED.tokens, cost_usd = budget_usage_days.cost_usd + EXCLUDED.cost_usd;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
