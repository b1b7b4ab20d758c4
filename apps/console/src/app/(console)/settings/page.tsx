import type { Metadata } from 'next';
import { PageHeader } from '~/components/page-header';
import { SettingsLinks } from '~/features/settings/components/settings-links';

export const metadata: Metadata = { title: 'Settings' };

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="This installation and your tenant." />
      <SettingsLinks />
    </>
  );
}
