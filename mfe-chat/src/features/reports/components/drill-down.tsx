import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { dashboardPaths, reportEndpoints } from 'shared-sdk';
import type { ReportConversationsQuery } from 'shared-sdk/schemas';
import { Button, Loading, Muted } from 'shared-ui';
import { DataTable, FormattedDateTime, LoadFailed, useApiGet } from 'shared-ui/controls';
import { formatDuration } from '../utils/durations';

/** What a click on a figure asked for: a day, a heat-map cell or an agent. */
export type DrillTarget =
  | { kind: 'day'; day: string }
  | { kind: 'cell'; weekday: number; hour: number }
  | { kind: 'agent'; agentId: string; name: string };

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const shownAtMost = 50;

/** The conversations behind a figure, each linked to its conversation in chat takeover. */
export function DrillDown({
  workspaceId,
  range,
  target,
  headingId,
  onClose,
}: {
  workspaceId: string;
  range: Pick<ReportConversationsQuery, 'from' | 'to'>;
  target: DrillTarget;
  headingId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('reports');
  const filter =
    target.kind === 'day'
      ? { day: target.day }
      : target.kind === 'cell'
        ? { weekday: target.weekday, hour: target.hour }
        : { agentId: target.agentId };
  const { state, retry } = useApiGet(reportEndpoints.conversations, {
    workspaceId,
    ...range,
    ...filter,
    limit: shownAtMost,
  });
  const what =
    target.kind === 'day'
      ? t('drillDown.day', { day: target.day })
      : target.kind === 'cell'
        ? t('drillDown.cell', {
            weekday: t(`heatMap.weekdays.${target.weekday as 1 | 2 | 3 | 4 | 5 | 6 | 7}`),
            hour: target.hour,
          })
        : t('drillDown.agent', { name: target.name });

  return (
    <section aria-labelledby={headingId}>
      <Header>
        <h2 id={headingId} tabIndex={-1}>
          {t('drillDown.heading', { what })}
        </h2>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {t('drillDown.close')}
        </Button>
      </Header>
      {state.status === 'loading' ? <Loading label={t('drillDown.loading')} /> : null}
      {state.status === 'failed' ? (
        <LoadFailed message={t('drillDown.failed')} onRetry={retry} />
      ) : null}
      {state.status === 'loaded' && state.data.conversations.length === 0 ? (
        <Muted>{t('drillDown.empty')}</Muted>
      ) : null}
      {state.status === 'loaded' && state.data.conversations.length > 0 ? (
        <>
          <DataTable caption={t('drillDown.caption')} minWidth={760}>
            <thead>
              <tr>
                <th scope="col">{t('drillDown.customer')}</th>
                <th scope="col">{t('drillDown.created')}</th>
                <th scope="col">{t('drillDown.channel')}</th>
                <th scope="col">{t('drillDown.assignee')}</th>
                <th scope="col">{t('drillDown.firstResponse')}</th>
                <th scope="col">{t('drillDown.resolution')}</th>
                <th scope="col">{t('drillDown.rating')}</th>
                <th scope="col">{t('drillDown.byBot')}</th>
              </tr>
            </thead>
            <tbody>
              {state.data.conversations.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link
                      to={dashboardPaths[
                        'dashboard-workspaceId-chat-takeover-conversationId'
                      ].getHref({ workspaceId, conversationId: row.id })}
                    >
                      {row.customer || row.id}
                    </Link>
                  </th>
                  <td>
                    <FormattedDateTime timestamp={row.createdAt} />
                  </td>
                  <td>{t(`conversations.channels.${row.channel}`)}</td>
                  <td>{row.assignee ?? t('comparison.none')}</td>
                  <td>{formatDuration(t, row.firstResponseSeconds)}</td>
                  <td>{formatDuration(t, row.resolutionSeconds)}</td>
                  <td>{row.rating ?? t('comparison.none')}</td>
                  <td>{row.resolvedByBot ? t('drillDown.yes') : t('drillDown.no')}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          {state.data.truncated ? (
            <Muted>{t('drillDown.truncated', { count: shownAtMost })}</Muted>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
