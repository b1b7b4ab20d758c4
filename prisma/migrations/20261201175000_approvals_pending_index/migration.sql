-- The approval backlog for metrics and alerts (ADR 0046): the scrape counts pending approvals and
-- reads the oldest one's age on every scrape; this index holds only pending approvals, so that costs
-- what the backlog's size costs, not the number of approvals ever decided.
CREATE INDEX "approvals_pending_created_at_idx" ON "approvals"("created_at") WHERE status = 'pending';
