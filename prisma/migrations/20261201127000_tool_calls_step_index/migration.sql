-- The run page's step detail and timeline read a step's tool calls by step id; without this index
-- each read walks every tool call of the run (5,000 on a 10,000-step run).
CREATE INDEX "tool_calls_step_id_idx" ON "tool_calls"("step_id");
