import type { Principal } from '@agentloom/platform';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { BrandMark } from '~/components/brand-mark';
import { LiveActivity } from '~/features/activity/components/live-activity';
import { VectorSearchBanner } from '~/features/health/components/vector-search-banner';
import { CollapsibleSidebar } from '~/features/navigation/components/collapsible-sidebar';
import { ConsoleNavigation } from '~/features/navigation/components/console-navigation';
import { RoleProvider } from '~/features/session/principal-context';
import { SignedInAs } from '~/features/session/components/signed-in-as';
import { SignOutButton } from '~/features/session/components/sign-out-button';

/** The frame around every signed-in page: sidebar navigation, session, install-wide banners. */
export function ConsoleShell({ principal, children }: { principal: Principal; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm dark:focus:bg-zinc-900"
      >
        Skip to content
      </a>
      <CollapsibleSidebar
        brand={
          <Link href="/runs" aria-label="AgentLoom home" className="px-2">
            <BrandMark />
          </Link>
        }
      >
        <ConsoleNavigation />
        <div className="space-y-2">
          <SignedInAs principal={principal} />
          <SignOutButton />
        </div>
      </CollapsibleSidebar>
      <div className="flex min-w-0 flex-1 flex-col">
        <VectorSearchBanner />
        <main id="content" className="mx-auto w-full max-w-7xl min-w-0 flex-1 px-4 py-6 wrap-break-word sm:px-6 sm:py-8 md:px-10">
          <RoleProvider role={principal.role} apiKeyId={principal.apiKeyId}>{children}</RoleProvider>
        </main>
        <LiveActivity />
      </div>
    </div>
  );
}
