import type { Metadata } from 'next';
import { PageHeader } from '~/components/page-header';
import { ConcurrencyLimitPanel } from '~/features/concurrency-limits/components/concurrency-limit-panel';
import { SettingsLinks } from '~/features/settings/components/settings-links';

export const metadata: Metadata = { title: 'Settings' };

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="This installation and your tenant." />
      <SettingsLinks />
      <div className="mt-6">
        <ConcurrencyLimitPanel />
      </div>
    </>
  );
}
