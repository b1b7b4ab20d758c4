-- A batch submit is idempotent by key (ADR 0107), as a run create is. A client that retried a
-- `POST /api/v1/batches` after a timeout created a second batch of N runs; with an `Idempotency-Key`
-- the retry now returns the batch the first request created, and the same key with another body is
-- a conflict. `request_hash` is the sha256 of the submitted body, compared on a replay.
ALTER TABLE "batches" ADD COLUMN "idempotency_key" TEXT,
ADD COLUMN "request_hash" TEXT;

-- One batch per key and tenant; the index is the arbiter when two submits with one key race. Partial,
-- as the runs' one is (ADR 0096): most batches carry no key.
CREATE UNIQUE INDEX "batches_tenant_id_idempotency_key_key" ON "batches"("tenant_id", "idempotency_key") WHERE idempotency_key IS NOT NULL;
