import Link from 'next/link';
import { PageHeader } from '~/components/page-header';

/** A settings sub-page's header with the way back to the settings overview. */
export function SettingsPageHeader({ title, description }: { title: string; description: string }) {
  return (
    <>
      <Link href="/settings" className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-400">
        ← Settings
      </Link>
      <div className="mt-3">
        <PageHeader title={title} description={description} />
      </div>
    </>
  );
}
