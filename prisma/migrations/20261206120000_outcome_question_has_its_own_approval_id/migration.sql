-- ADR 0105: a question about a call's outcome (asked after a crash) gets its own approval id instead of
-- reusing the id of the call's gate, so a repeated delivery of the gate's decision cannot answer it. The row
-- keeps the gate's id it replaced, so a decision sent to that id can be answered "already decided".
ALTER TABLE "approvals" ADD COLUMN "replaces_approval_id" UUID;

CREATE UNIQUE INDEX "approvals_replaces_approval_id_key" ON "approvals"("replaces_approval_id");
