-- Durable waits (ADR 0044): a run parked by a `sleep`, `wait_until` or `wait_for_event` tool call
-- holds no lease and is `waiting` until its wake time or its event. A value added to an enum cannot
-- be used in the transaction that adds it, so the column, table and indexes that use it come in
-- the next migration.
ALTER TYPE "RunStatus" ADD VALUE 'waiting';
