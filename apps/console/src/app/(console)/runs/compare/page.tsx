import type { Metadata } from 'next';
import { ComparePage } from '~/features/runs/components/compare/compare-page';

export const metadata: Metadata = { title: 'Compare runs' };
export const dynamic = 'force-dynamic';

export default function CompareRunsPage() {
  return <ComparePage />;
}
