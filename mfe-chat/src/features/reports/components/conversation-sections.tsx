import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from 'shared-sdk/schemas';
import { Button } from 'shared-ui';
import { DataTable } from 'shared-ui/controls';
import { SectionCard } from '../../../components/chat-page';
import { formatDuration, inMinutes } from '../utils/durations';
import { DayChart } from './day-chart';
import { Figures } from './figures';

/** The day table behind the charts: every per-day figure, each day a click from its conversations. */
function DaysTable({ report, onDay }: { report: Report; onDay: (day: string) => void }) {
  const { t } = useTranslation('reports');
  return (
    <DataTable caption={t('conversations.chartTitle')} minWidth={900}>
      <thead>
        <tr>
          <th scope="col">{t('days.day')}</th>
          <th scope="col">{t('days.new')}</th>
          <th scope="col">{t('days.resolved')}</th>
          <th scope="col">{t('days.resolvedByBot')}</th>
          <th scope="col">{t('days.firstResponse')}</th>
          <th scope="col">{t('days.resolution')}</th>
          <th scope="col">{t('tickets.opened')}</th>
          <th scope="col">{t('tickets.closed')}</th>
          <th scope="col">{t('tickets.backlog')}</th>
        </tr>
      </thead>
      <tbody>
        {report.days.map((day) => (
          <tr key={day.day}>
            <th scope="row">
              <Button
                type="button"
                $variant="ghost"
                aria-label={t('days.show', { day: day.day })}
                onClick={() => onDay(day.day)}
              >
                {day.day}
              </Button>
            </th>
            <td>{day.new}</td>
            <td>{day.resolved}</td>
            <td>{day.resolvedByBot}</td>
            <td>{formatDuration(t, day.firstResponseMedianSeconds)}</td>
            <td>{formatDuration(t, day.resolutionMedianSeconds)}</td>
            <td>{day.ticketsOpened}</td>
            <td>{day.ticketsClosed}</td>
            <td>{day.ticketsBacklog}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** Conversations, speed and tickets: the figures of the range and their lines per day. */
export function ConversationSections({
  report,
  onDay,
}: {
  report: Report;
  onDay: (day: string) => void;
}) {
  const { t } = useTranslation('reports');
  const { current, previous } = report;
  const days = useMemo(() => report.days.map((day) => day.day), [report]);
  const series = useMemo(
    () => ({
      conversations: [
        { label: t('conversations.new'), values: report.days.map((day) => day.new) },
        { label: t('conversations.resolved'), values: report.days.map((day) => day.resolved) },
        {
          label: t('conversations.resolvedByBot'),
          values: report.days.map((day) => day.resolvedByBot),
        },
      ],
      speed: [
        {
          label: t('speed.firstResponseMedian'),
          values: report.days.map((day) => inMinutes(day.firstResponseMedianSeconds)),
        },
        {
          label: t('speed.resolutionMedian'),
          values: report.days.map((day) => inMinutes(day.resolutionMedianSeconds)),
        },
      ],
      tickets: [
        { label: t('tickets.opened'), values: report.days.map((day) => day.ticketsOpened) },
        { label: t('tickets.closed'), values: report.days.map((day) => day.ticketsClosed) },
        { label: t('tickets.backlog'), values: report.days.map((day) => day.ticketsBacklog) },
      ],
    }),
    [report, t],
  );
  const count = (
    key: 'new' | 'resolved' | 'resolvedByBot' | 'handedOver' | 'didYouMeanAnswered',
  ) => ({
    label: t(`conversations.${key}`),
    value: String(current[key]),
    previous: String(previous[key]),
  });
  const duration = (label: string, pick: (figures: Report['current']) => number | null) => ({
    label,
    value: formatDuration(t, pick(current)),
    previous: formatDuration(t, pick(previous)),
  });
  const table = <DaysTable report={report} onDay={onDay} />;

  return (
    <>
      <SectionCard as="section" aria-labelledby="reports-conversations">
        <h2 id="reports-conversations">{t('conversations.heading')}</h2>
        <Figures
          items={[
            count('new'),
            count('resolved'),
            count('resolvedByBot'),
            count('handedOver'),
            count('didYouMeanAnswered'),
          ]}
        />
        <DataTable caption={t('conversations.channelsCaption')} minWidth={320}>
          <thead>
            <tr>
              <th scope="col">{t('conversations.channel')}</th>
              <th scope="col">{t('conversations.new')}</th>
              <th scope="col">{t('conversations.previous')}</th>
            </tr>
          </thead>
          <tbody>
            {report.channels.map((channel) => (
              <tr key={channel.channel}>
                <th scope="row">{t(`conversations.channels.${channel.channel}`)}</th>
                <td>{channel.new}</td>
                <td>{channel.previousNew}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <DayChart
          title={t('conversations.chartTitle')}
          days={days}
          series={series.conversations}
          table={table}
          onDay={onDay}
        />
      </SectionCard>
      <SectionCard as="section" aria-labelledby="reports-speed">
        <h2 id="reports-speed">{t('speed.heading')}</h2>
        <Figures
          items={[
            duration(t('speed.firstResponseMedian'), (f) => f.firstResponse.medianSeconds),
            duration(t('speed.firstResponseP90'), (f) => f.firstResponse.p90Seconds),
            duration(t('speed.resolutionMedian'), (f) => f.resolution.medianSeconds),
            duration(t('speed.resolutionP90'), (f) => f.resolution.p90Seconds),
          ]}
        />
        <DayChart
          title={t('speed.chartTitle')}
          days={days}
          series={series.speed}
          table={table}
          onDay={onDay}
        />
      </SectionCard>
      <SectionCard as="section" aria-labelledby="reports-tickets">
        <h2 id="reports-tickets">{t('tickets.heading')}</h2>
        <Figures
          items={[
            {
              label: t('tickets.opened'),
              value: String(current.ticketsOpened),
              previous: String(previous.ticketsOpened),
            },
            {
              label: t('tickets.closed'),
              value: String(current.ticketsClosed),
              previous: String(previous.ticketsClosed),
            },
          ]}
        />
        <DayChart
          title={t('tickets.chartTitle')}
          days={days}
          series={series.tickets}
          table={table}
          onDay={onDay}
        />
      </SectionCard>
    </>
  );
}
