-- Budgets and quotas (issue 16 item 4, ADR 0045): token and cost budgets of tenants and agents per
-- UTC day and month, and their usage counted per UTC day as runs commit steps.
CREATE TABLE "budgets" (
    "tenant_id" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "max_tokens" BIGINT,
    "max_cost_usd" DECIMAL(14,6),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "budgets_pkey" PRIMARY KEY ("tenant_id","subject","period")
);

CREATE TABLE "budget_usage_days" (
    "tenant_id" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "tokens" BIGINT NOT NULL DEFAULT 0,
    "cost_usd" DECIMAL(16,6) NOT NULL DEFAULT 0,

    CONSTRAINT "budget_usage_days_pkey" PRIMARY KEY ("tenant_id","subject","day")
);

ALTER TABLE "budgets" ADD CONSTRAINT "budgets_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "budget_usage_days" ADD CONSTRAINT "budget_usage_days_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every path that adds usage to a run (the one-statement step commit, the general step commit, a
-- cancelled step) updates the run's counters; this trigger adds the same delta to the tenant's and
-- the agent's row of the current UTC day in the same transaction. Usage is kept incrementally, never
-- summed over runs, and stays counted when runs are erased or expire (money spent stays spent).
CREATE FUNCTION agentloom_count_budget_usage() RETURNS trigger AS $$
DECLARE
  v_tokens BIGINT := (NEW.input_tokens - OLD.input_tokens) + (NEW.output_tokens - OLD.output_tokens);
  v_cost DECIMAL(16,6) := NEW.cost_usd - OLD.cost_usd;
  v_day DATE := (now() AT TIME ZONE 'UTC')::date;
BEGIN
  INSERT INTO budget_usage_days (tenant_id, subject, day, tokens, cost_usd)
  VALUES (NEW.tenant_id, 'tenant', v_day, v_tokens, v_cost), (NEW.tenant_id, NEW.agent_id::text, v_day, v_tokens, v_cost)
  ON CONFLICT (tenant_id, subject, day) DO UPDATE
    SET tokens = budget_usage_days.tokens + EXCLUDED.tokens, cost_usd = budget_usage_days.cost_usd + EXCLUDED.cost_usd;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER runs_count_budget_usage
  AFTER UPDATE OF input_tokens, output_tokens, cost_usd ON runs
  FOR EACH ROW
  WHEN (NEW.input_tokens <> OLD.input_tokens OR NEW.output_tokens <> OLD.output_tokens OR NEW.cost_usd <> OLD.cost_usd)
  EXECUTE FUNCTION agentloom_count_budget_usage();
