-- A run's own budget from its create request (issue 16 item 4, ADR 0052): `{ maxTokens?, maxCostUsd? }`,
-- checked at every step boundary and before every model call together with the version's `runBudget`.
ALTER TABLE "runs" ADD COLUMN "budget" JSONB;
