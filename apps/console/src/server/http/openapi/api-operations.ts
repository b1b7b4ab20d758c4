import type { ApiOperation } from './api-operation';
import { accountOperations } from './operations/account-operations';
import { administrationOperations } from './operations/administration-operations';
import { agentsOperations } from './operations/agents-operations';
import { apiKeysOperations } from './operations/api-keys-operations';
import { approvalsOperations } from './operations/approvals-operations';
import { batchesOperations } from './operations/batches-operations';
import { concurrencyLimitsOperations } from './operations/concurrency-limits-operations';
import { budgetsOperations } from './operations/budgets-operations';
import { modelPricesOperations } from './operations/model-prices-operations';
import { evaluationsOperations } from './operations/evaluations-operations';
import { mcpServersOperations } from './operations/mcp-servers-operations';
import { memoriesOperations } from './operations/memories-operations';
import { runsOperations } from './operations/runs-operations';
import { schedulesOperations } from './operations/schedules-operations';
import { tenantsOperations } from './operations/tenants-operations';
import { threadsOperations } from './operations/threads-operations';
import { waitsOperations } from './operations/waits-operations';
import { feedbackOperations } from './operations/feedback-operations';
import { webhooksOperations } from './operations/webhooks-operations';

/**
 * Every `/api/v1` operation, one list per tag. A route file that exports a method missing here
 * fails `api-operations.test.ts`; add new routes' operations in a file under `operations/`.
 */
export const apiOperations: readonly ApiOperation[] = [
  ...runsOperations,
  ...approvalsOperations,
  ...waitsOperations,
  ...feedbackOperations,
  ...threadsOperations,
  ...memoriesOperations,
  ...agentsOperations,
  ...apiKeysOperations,
  ...administrationOperations,
  ...budgetsOperations,
  ...modelPricesOperations,
  ...accountOperations,
  ...webhooksOperations,
  ...mcpServersOperations,
  ...schedulesOperations,
  ...batchesOperations,
  ...concurrencyLimitsOperations,
  ...tenantsOperations,
  ...evaluationsOperations,
];
