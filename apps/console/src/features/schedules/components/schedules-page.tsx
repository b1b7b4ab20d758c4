'use client';

import { useQuery } from '@tanstack/react-query';
import { cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { SchedulesIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';
import { SkeletonRows } from '~/components/skeleton';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';
import { ScheduleCard } from './schedule-card';
import { ScheduleForm } from './schedule-form';

const description =
  'Cron and interval schedules that start runs of an agent. Each slot fires once, whichever console or worker is up; pausing stops firing, and the overlap and catch-up policies decide what happens when a run is still going or slots were missed.';

/** Schedules: the list, the create form (operators) with a preview of the next fire times. */
export function SchedulesPage() {
  const trpc = useTRPC();
  const canOperate = useCanOperate();
  const schedules = useQuery(trpc.schedules.list.queryOptions({}));
  const list = schedules.data?.schedules ?? [];
  return (
    <>
      <PageHeader title="Schedules" description={description} />
      <div className="mt-6 space-y-6">
        {canOperate ? <ScheduleForm /> : null}
        {schedules.error ? (
          <ErrorNotice title="The schedules could not be loaded" message={schedules.error.message} />
        ) : schedules.isPending ? (
          <div className={cardStyles}>
            <SkeletonRows label="Loading schedules" />
          </div>
        ) : list.length === 0 ? (
          <CallToAction icon={<SchedulesIcon />} title="No schedules yet">
            {canOperate ? 'Create one above: pick an agent, a cron expression or an interval, and the input each run gets.' : 'An operator can create schedules.'}
          </CallToAction>
        ) : (
          <section aria-label="Schedules" className="space-y-4">
            {list.map((schedule) => (
              <ScheduleCard key={schedule.id} schedule={schedule} />
            ))}
          </section>
        )}
      </div>
    </>
  );
}
