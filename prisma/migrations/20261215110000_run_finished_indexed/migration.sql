-- ADR 0099: a stream's opening and its catch-up look up the run's `run-finished` event. Without an index
-- on it, each lookup scanned every event of the run through the primary key: 6.5–8 ms for a run of 50,000
-- events, on every stream opened or resumed on it, against 0.07 ms with this index. One entry per finished
-- run; every other event only evaluates the predicate.
CREATE INDEX "run_events_run_finished_idx" ON "run_events"("run_id", "seq") WHERE (type = 'run-finished');
