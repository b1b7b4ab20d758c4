import { saveAgentVersionInputSchema } from '@agentloom/platform';

/** `POST /api/v1/agents/{id}/versions`: the service's input without the id, which the path carries. */
export const saveAgentVersionRequestSchema = saveAgentVersionInputSchema.omit({ agentId: true });
