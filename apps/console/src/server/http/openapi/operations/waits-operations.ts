import { deliverEventInputSchema } from '@agentloom/platform';

import type { ApiOperation } from '../api-operation';
import { eventDeliverySchema, runWaitListSchema } from '../../views/wait-views';

/** Durable waits (ADR 0044): deliver an external event to a waiting run; a run's waits. */
export const waitsOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/v1/events',
    operationId: 'deliverEvent',
    tag: 'Runs',
    summary: 'Deliver an external event to the run waiting for it',
    description:
      'The run whose `wait_for_event` call waits with this `correlationKey` resumes, and the call returns `payload` (any JSON, at most 64 KiB). Exactly once: of several deliveries for one wait one wins; a later one is a 409 (delivered already, timed out, or the run was cancelled) and changes nothing, so a sender may retry safely and treat 409 as done. 404 when no run ever waited for the key. Audit-logged as `run.event-delivered`.',
    role: 'operator',
    body: deliverEventInputSchema,
    success: { status: 200, schema: eventDeliverySchema, description: 'Which run and call took the event.' },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/v1/runs/{id}/waits',
    operationId: 'listRunWaits',
    tag: 'Runs',
    summary: "A run's durable waits",
    description: 'Timers (`sleep`, `wait_until`) and events (`wait_for_event`) the run waited or waits for, oldest first. The event payload is not echoed.',
    role: 'viewer',
    pathParameters: { id: 'The run id (uuid).' },
    success: { status: 200, schema: runWaitListSchema, description: '`{ waits }`.' },
  },
];
