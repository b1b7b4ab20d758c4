-- An experiment's memory mode (issue 17): `recorded` serves every memory read of a replay from the memory
-- injected into the recorded run (as before); `live` reads the tenant's memory as it is now, so a
-- changed memory store can be evaluated against the same cases. Either way a replay writes no memory.
ALTER TABLE "eval_experiments" ADD COLUMN "memory_mode" TEXT NOT NULL DEFAULT 'recorded';
ALTER TABLE "eval_experiments" ADD CONSTRAINT "eval_experiments_memory_mode_check" CHECK ("memory_mode" IN ('recorded', 'live'));
