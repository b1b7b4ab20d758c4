-- Automatic resume of budget pauses at window rollover (issue 16, ADR 0063).
-- When a run paused by a daily or monthly budget is checked again: the end of that budget's UTC
-- window. NULL for every other run (and for a run paused by its own budget, which has no window).
ALTER TABLE "runs" ADD COLUMN "budget_resume_at" TIMESTAMPTZ(3);

-- The executors' sweep reads only due pauses; the index holds only paused runs.
CREATE INDEX "runs_budget_resume_at_idx" ON "runs"("budget_resume_at") WHERE budget_resume_at IS NOT NULL;
