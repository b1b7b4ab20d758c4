import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { TRPCReactProvider } from '~/trpc/react';
import './globals.css';

// Every page gets a fresh CSP nonce from the proxy, which only a per-request render can put on
// Next's scripts: a prerendered page would carry none and its scripts would be blocked.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { default: 'AgentLoom', template: '%s · AgentLoom' },
  description: 'Console for the AgentLoom durable agent runtime',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <TRPCReactProvider>{children}</TRPCReactProvider>
      </body>
    </html>
  );
}
