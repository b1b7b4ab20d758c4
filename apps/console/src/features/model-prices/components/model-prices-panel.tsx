'use client';

import { useQuery } from '@tanstack/react-query';
import { cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { SkeletonRows } from '~/components/skeleton';
import { SetModelPriceForm } from '~/features/model-prices/components/set-model-price-form';
import { useIsAdmin } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

const usd = (value: number) => `$${value.toLocaleString('en-US', { maximumFractionDigits: 6 })}`;

/** The tenant's model price table (ADR 0057); admins set and remove prices here. */
export function ModelPricesPanel() {
  const trpc = useTRPC();
  const isAdmin = useIsAdmin();
  const prices = useQuery(trpc.modelPrices.list.queryOptions());
  if (prices.error) return <ErrorNotice title="Model prices could not be loaded" message={prices.error.message} />;
  if (!prices.data) return <SkeletonRows label="Loading model prices" rows={2} />;
  return (
    <section aria-labelledby="model-prices-heading" className="space-y-3">
      <h2 id="model-prices-heading" className="text-base font-semibold">
        Model prices
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        US dollars per million tokens, for models whose config has no prices of its own. A model in neither place has an unknown cost, never $0. A change applies to runs
        that start or resume afterwards.
      </p>
      <div className={`${cardStyles} overflow-x-auto`}>
        {prices.data.length === 0 ? (
          <p className="px-4 py-3 text-sm text-zinc-600 dark:text-zinc-400">No prices are set.</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">Model prices</caption>
            <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Provider
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Model
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Input
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Output
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Cached input
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {prices.data.map((price) => (
                <tr key={`${price.provider}/${price.model}`}>
                  <td className="px-4 py-2">{price.provider}</td>
                  <td className="px-4 py-2 font-mono">{price.model}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{usd(price.inputUsdPerMillion)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{usd(price.outputUsdPerMillion)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{price.cachedInputUsdPerMillion === null ? '—' : usd(price.cachedInputUsdPerMillion)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {isAdmin ? <SetModelPriceForm /> : null}
    </section>
  );
}
