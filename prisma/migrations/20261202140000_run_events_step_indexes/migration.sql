-- The step panel's events (issue 14): the events that name one step (`payload.step`) or one of its
-- tool calls (`payload.callId`). Without these, each panel read every event of the run and
-- evaluated its JSON (20,000 events of a 10,000-step run: 150-280 ms on a loaded machine, the
-- largest part of opening a step). Partial, so events naming neither cost no index entry; the
-- query repeats each predicate (`payload ? 'step'`) so the planner can use them. Expression
-- indexes cannot be declared in schema.prisma; Prisma's differ does not introspect them, so they
-- cause no drift.
CREATE INDEX "run_events_run_id_step_idx" ON "run_events" ("run_id", (("payload" -> 'step'))) WHERE "payload" ? 'step';
CREATE INDEX "run_events_run_id_call_id_idx" ON "run_events" ("run_id", (("payload" ->> 'callId'))) WHERE "payload" ? 'callId';
