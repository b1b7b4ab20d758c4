-- Tenants and agents as API (issue 15 item 3, ADR 0035): tenant suspension and per-tenant rate
-- limits, and the instance operator's keys, which belong to no tenant.
ALTER TABLE "tenants" ADD COLUMN     "rate_limit_burst" INTEGER,
ADD COLUMN     "rate_limit_per_minute" INTEGER,
ADD COLUMN     "suspended_at" TIMESTAMPTZ(3);

CREATE TABLE "operator_keys" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "operator_keys_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "operator_keys_prefix_key" ON "operator_keys"("prefix");
