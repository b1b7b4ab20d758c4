'use client';

import { useQuery } from '@tanstack/react-query';
import { cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { SettingsIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';
import { SkeletonRows } from '~/components/skeleton';
import { CreateTenantForm } from '~/features/tenants/components/create-tenant-form';
import { TenantCard } from '~/features/tenants/components/tenant-card';
import { useTRPC } from '~/trpc/react';

/** Operator › Tenants: create, list with standing and settings, and act on each (ADR 0041). */
export function TenantsAdministration() {
  const trpc = useTRPC();
  const tenants = useQuery(trpc.tenants.list.queryOptions());
  const list = tenants.data?.tenants ?? [];
  return (
    <>
      <PageHeader
        title="Tenants"
        description="Every tenant of this instance: its standing and settings, never its data. A new tenant gets its first admin key here; its admins create further keys themselves."
      />
      <div className="mt-6 space-y-6">
        <CreateTenantForm />
        {tenants.error ? (
          <ErrorNotice title="The tenants could not be loaded" message={tenants.error.message} />
        ) : tenants.isPending ? (
          <div className={cardStyles}>
            <SkeletonRows label="Loading tenants" />
          </div>
        ) : list.length === 0 ? (
          <CallToAction icon={<SettingsIcon />} title="No tenants yet">
            Create one above, then mint its first admin key.
          </CallToAction>
        ) : (
          <ul aria-label="Tenants" className="space-y-4">
            {list.map((tenant) => (
              <li key={tenant.id}>
                <TenantCard tenant={tenant} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
