-- Budget pause policy and tenant price tables (issue 16 item 4, ADR 0057).
-- What a run does when a tenant or agent budget is spent: fail (as before) or pause for an operator.
ALTER TABLE "budgets" ADD COLUMN "on_exceeded" TEXT NOT NULL DEFAULT 'fail';

-- The spent budget a `waiting` run is paused on; NULL for every other run.
ALTER TABLE "runs" ADD COLUMN "budget_pause" JSONB;

-- A tenant's prices per provider and model, for model configs without their own `pricing`.
CREATE TABLE "model_prices" (
    "tenant_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "input_usd_per_million" DECIMAL(14,6) NOT NULL,
    "output_usd_per_million" DECIMAL(14,6) NOT NULL,
    "cached_input_usd_per_million" DECIMAL(14,6),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "model_prices_pkey" PRIMARY KEY ("tenant_id","provider","model")
);

ALTER TABLE "model_prices" ADD CONSTRAINT "model_prices_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
