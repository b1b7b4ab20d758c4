import type { Metadata } from 'next';
import { AuditLog } from '~/features/audit/components/audit-log';
import { AdminOnly } from '~/features/settings/components/admin-only';
import { SettingsPageHeader } from '~/features/settings/components/settings-page-header';

export const metadata: Metadata = { title: 'Audit log' };
export const dynamic = 'force-dynamic';

export default function AuditPage() {
  return (
    <>
      <SettingsPageHeader title="Audit log" description="Append-only: who did what, to which target, when — with the values before and after." />
      <div className="mt-6">
        <AdminOnly what="The audit log">
          <AuditLog />
        </AdminOnly>
      </div>
    </>
  );
}
