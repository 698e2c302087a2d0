import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiError, reportConversationsCsvPath } from 'shared-sdk';
import type { Report } from 'shared-sdk/schemas';
import { addTranslations, Alert, Button, Loading, Muted, usePageTitle } from 'shared-ui';
import { LoadFailed, PageHeader, downloadText } from 'shared-ui/controls';
import { PageBody, SectionCard } from '../../../components/chat-page';
import en from '../en-US.json';
import { todayIn, useReport } from '../hooks/use-report';
import { agentsCsv, daysCsv, heatMapCsv } from '../utils/report-csv';
import { isRangePreset, reportQuery, type RangeChoice } from '../utils/report-range';
import { AgentsTable } from './agents-table';
import { ConversationSections } from './conversation-sections';
import { DrillDown, type DrillTarget } from './drill-down';
import { HeatMap } from './heat-map';
import { RangePicker } from './range-picker';
import { SatisfactionSection } from './satisfaction-section';
import { UnansweredSection } from './unanswered-section';

addTranslations('reports', en);

/** The range is kept in the URL (?range=days30, or custom with from and to): a reload keeps it. */
function useRangeChoice(): [RangeChoice, (choice: RangeChoice) => void] {
  const [search, setSearch] = useSearchParams();
  const range = search.get('range');
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const choice: RangeChoice = {
    preset: isRangePreset(range) ? range : 'days7',
    from: search.get('from') ?? today,
    to: search.get('to') ?? today,
  };
  const setChoice = (next: RangeChoice) =>
    setSearch(
      next.preset === 'custom'
        ? { range: 'custom', from: next.from, to: next.to }
        : { range: next.preset },
    );
  return [choice, setChoice];
}

/**
 * /dashboard/:workspaceId/reports (admins): the figures a support lead reads every morning, over
 * a range of the workspace's local days beside the period before, each chart with its table,
 * each count a click from the conversations behind it, and every report as CSV.
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  usePageTitle(t('title'));
  const { workspaceId = '' } = useParams();
  const [choice, setChoice] = useRangeChoice();
  const { preset, from, to } = choice;
  const query = useMemo(
    () => reportQuery(workspaceId, { preset, from, to }),
    [workspaceId, preset, from, to],
  );
  const { state, live, retry } = useReport(query);
  // The list belongs to the range it was opened in: a new range closes it.
  const rangeKey = JSON.stringify(query);
  const [opened, setOpened] = useState<{ rangeKey: string; target: DrillTarget } | null>(null);
  const target = opened?.rangeKey === rangeKey ? opened.target : null;
  const setTarget = useCallback(
    (next: DrillTarget | null) => setOpened(next ? { rangeKey, target: next } : null),
    [rangeKey],
  );
  const drillHeadingId = useId();

  // The list opens below the figures: take the reader (and focus) to it.
  useEffect(() => {
    if (target) document.getElementById(drillHeadingId)?.focus();
  }, [target, drillHeadingId]);

  const onDay = useCallback((day: string) => setTarget({ kind: 'day', day }), [setTarget]);

  const header = (
    <PageHeader
      title={t('title')}
      lead={state.status === 'loaded' ? t('lead', { timeZone: state.report.timeZone }) : undefined}
    >
      <RangePicker choice={choice} onChange={setChoice} />
    </PageHeader>
  );

  if (state.status === 'loading') {
    return (
      <PageBody>
        {header}
        <Loading label={t('loading')} />
      </PageBody>
    );
  }
  if (state.status === 'failed') {
    const forbidden = state.error instanceof ApiError && state.error.status === 403;
    return (
      <PageBody>
        {header}
        {forbidden ? (
          <Alert tone="info">{t('adminsOnly')}</Alert>
        ) : (
          <LoadFailed
            message={
              state.error instanceof ApiError && state.error.status === 400
                ? state.error.serverMessage || t('failed')
                : t('failed')
            }
            onRetry={retry}
          />
        )}
      </PageBody>
    );
  }

  const { report } = state;
  const range = { from: report.from, to: report.to };
  return (
    <PageBody>
      {header}
      <Muted>
        {t('range.showing', report)}
        {live ? ` ${t('range.live')}` : ''}
      </Muted>
      <ConversationSections report={report} onDay={onDay} />
      {target ? (
        <SectionCard>
          <DrillDown
            workspaceId={workspaceId}
            range={range}
            target={target}
            headingId={drillHeadingId}
            onClose={() => setTarget(null)}
          />
        </SectionCard>
      ) : null}
      <SectionCard as="section" aria-labelledby="reports-satisfaction">
        <h2 id="reports-satisfaction">{t('satisfaction.heading')}</h2>
        <SatisfactionSection workspaceId={workspaceId} report={report} />
      </SectionCard>
      <SectionCard as="section" aria-labelledby="reports-agents">
        <h2 id="reports-agents">{t('agents.heading')}</h2>
        <AgentsTable
          agents={report.agents}
          onAgent={(agent) => setTarget({ kind: 'agent', agentId: agent.userId, name: agent.name })}
        />
      </SectionCard>
      <SectionCard as="section" aria-labelledby="reports-heat-map">
        <h2 id="reports-heat-map">{t('heatMap.heading')}</h2>
        <HeatMap
          heatMap={report.heatMap}
          onCell={(weekday, hour) => setTarget({ kind: 'cell', weekday, hour })}
        />
      </SectionCard>
      <SectionCard as="section" aria-labelledby="reports-unanswered">
        <h2 id="reports-unanswered">{t('unanswered.heading')}</h2>
        <UnansweredSection workspaceId={workspaceId} />
      </SectionCard>
      <Downloads workspaceId={workspaceId} report={report} />
    </PageBody>
  );
}

function Downloads({ workspaceId, report }: { workspaceId: string; report: Report }) {
  const { t } = useTranslation('reports');
  const name = (what: string) => `${what}-${report.from}-${report.to}.csv`;
  // The sign-in cookie authenticates the link: the file streams to disk, never held in the page.
  const conversationsHref =
    `${reportConversationsCsvPath}?workspaceId=${encodeURIComponent(workspaceId)}` +
    `&from=${report.from}&to=${report.to}`;
  return (
    <SectionCard as="section" aria-labelledby="reports-download">
      <h2 id="reports-download">{t('download.heading')}</h2>
      <ul>
        <li>
          <a href={conversationsHref} download={name('conversations')}>
            {t('download.conversations')}
          </a>
        </li>
        {(
          [
            ['days', daysCsv],
            ['agents', agentsCsv],
            ['heatMap', heatMapCsv],
          ] as const
        ).map(([what, write]) => (
          <li key={what}>
            <Button
              type="button"
              $variant="ghost"
              onClick={() => downloadText(name(what), write(report))}
            >
              {t(`download.${what}`)}
            </Button>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
