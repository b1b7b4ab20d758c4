import type { Transport } from '../transport.ts';
import type { ModelPriceList, SetModelPriceInput } from '../types.ts';

/** The tenant's model price table (prices per million tokens for models without their own `pricing`); reading needs any key, changing an admin key. */
export function modelPricesResource(transport: Transport) {
  return {
    list(): Promise<ModelPriceList> {
      return transport.json('GET', '/api/v1/model-prices');
    },
    /** Sets (or replaces) the price of one provider's model; returns the table after the change. */
    set(input: SetModelPriceInput): Promise<ModelPriceList> {
      return transport.json('POST', '/api/v1/model-prices', { body: input });
    },
    /** Removes the price of one model (nothing changes when it is not set). */
    remove(target: { provider: string; model: string }): Promise<ModelPriceList> {
      const query = new URLSearchParams({ provider: target.provider, model: target.model });
      return transport.json('DELETE', `/api/v1/model-prices?${query.toString()}`);
    },
  };
}
