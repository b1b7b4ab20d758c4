import { removeModelPriceInputSchema, setModelPriceInputSchema } from '@agentloom/platform';

import type { ApiOperation } from '../api-operation';
import { modelPriceListSchema } from '../../views/model-price-views';

const tag = 'Usage and audit';

/** The tenant's model price table (ADR 0057). */
export const modelPricesOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/model-prices',
    operationId: 'listModelPrices',
    tag,
    summary: "The tenant's model prices",
    description: 'Prices in US dollars per million tokens, per provider and model. A model config’s own `pricing` wins; a model in neither place has an unknown cost (its calls add tokens, never $0).',
    role: 'viewer',
    success: { status: 200, schema: modelPriceListSchema, description: '`{ prices: ModelPrice[] }`, by provider and model.' },
  },
  {
    method: 'post',
    path: '/api/v1/model-prices',
    operationId: 'setModelPrice',
    tag,
    summary: 'Set the price of one model',
    description: 'Creates or replaces the price of `provider`/`model`. Applies to runs that start or resume afterwards. Audit-logged.',
    role: 'admin',
    body: setModelPriceInputSchema,
    success: { status: 200, schema: modelPriceListSchema, description: 'The price table after the change.' },
  },
  {
    method: 'delete',
    path: '/api/v1/model-prices',
    operationId: 'removeModelPrice',
    tag,
    summary: 'Remove the price of one model',
    role: 'admin',
    query: removeModelPriceInputSchema,
    description: 'Removing a price that is not set changes nothing (200).',
    success: { status: 200, schema: modelPriceListSchema, description: 'The price table after the change.' },
  },
];
