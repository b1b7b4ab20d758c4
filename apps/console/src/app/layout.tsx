import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { TRPCReactProvider } from '~/trpc/react';
import './globals.css';

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
