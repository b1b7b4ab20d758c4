import type { Metadata } from 'next';
import { ApiKeysList } from '~/features/api-keys/components/api-keys-list';
import { CreateApiKeyForm } from '~/features/api-keys/components/create-api-key-form';
import { AdminOnly } from '~/features/settings/components/admin-only';
import { SettingsPageHeader } from '~/features/settings/components/settings-page-header';

export const metadata: Metadata = { title: 'API keys' };
export const dynamic = 'force-dynamic';

export default function ApiKeysPage() {
  return (
    <>
      <SettingsPageHeader title="API keys" description="Keys carry this tenant and a role. Only a hash is stored: a new key's secret is shown once." />
      <div className="mt-6 space-y-6">
        <AdminOnly what="Managing API keys">
          <CreateApiKeyForm />
          <ApiKeysList />
        </AdminOnly>
      </div>
    </>
  );
}
