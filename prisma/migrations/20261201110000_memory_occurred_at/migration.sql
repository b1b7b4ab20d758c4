-- When what a memory item records happened (issue 13: time-aware memory). Null means "at created_at".
ALTER TABLE "memory_items" ADD COLUMN "occurred_at" TIMESTAMPTZ(3);

CREATE INDEX "memory_items_tenant_id_occurred_at_idx" ON "memory_items"("tenant_id", "occurred_at");
