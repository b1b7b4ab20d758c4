import type { Metadata } from 'next';
import { WebhooksSettings } from '~/features/webhooks/components/webhooks-settings';

export const metadata: Metadata = { title: 'Webhooks' };
export const dynamic = 'force-dynamic';

export default function WebhooksPage() {
  return <WebhooksSettings />;
}
