import type { Metadata } from 'next';
import { TenantsAdministration } from '~/features/tenants/components/tenants-administration';

export const metadata: Metadata = { title: 'Tenants' };
export const dynamic = 'force-dynamic';

export default function TenantsPage() {
  return <TenantsAdministration />;
}
