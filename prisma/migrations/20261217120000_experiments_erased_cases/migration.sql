-- How many of an experiment's cases erases took away (ADR 0104). An erase deletes the replay runs of the
-- cases recorded from the erased content, results included, and the experiment then completes on the cases
-- left (or, completed already, lists fewer results than its summary counts). The erase adds the number of
-- this experiment's replay runs it deletes, in its own transaction, so a reader can tell a verdict on
-- fewer cases from a clean one.
ALTER TABLE "eval_experiments" ADD COLUMN "erased_cases" INTEGER NOT NULL DEFAULT 0;
