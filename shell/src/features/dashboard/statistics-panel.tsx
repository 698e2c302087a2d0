import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Statistics } from 'shared-sdk';
import { Alert, Button, Card, Grid, Loading } from 'shared-ui';
import { useLiveDocs } from '../../store/live';
import '../../i18n/dashboard';

// chart.js loads only where a chart is shown.
const StatisticsChart = lazy(() =>
  import('./statistics-chart').then((module) => ({ default: module.StatisticsChart })),
);

const Number = styled.p`
  margin: 0;
  font-size: 2rem;
  font-weight: 800;
`;

const Label = styled.h3`
  margin: 0;
  font-size: 0.875rem;
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const Detail = styled.p`
  margin: 4px 0 0;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  caption {
    text-align: left;
    font-weight: 700;
    padding-bottom: 8px;
  }
  th,
  td {
    padding: 8px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  }
  td {
    font-variant-numeric: tabular-nums;
  }
`;

/** The workspace's statistics document, live: every write updates it (product-spec.md §3). */
function useLiveStatistics(workspaceId: string) {
  const { docs, status, retry } = useLiveDocs<Statistics>({
    collection: 'statistics',
    workspaceId,
  });
  // Its id is the workspace's id.
  const statistics = docs.find((doc) => doc.id === workspaceId);
  return { statistics, status, retry };
}

/** product-spec.md §3 statistics of a workspace: numbers, a chart, and the same figures as a table. */
export function StatisticsPanel({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('common');
  // Live queries load on first use.
  return (
    <Suspense fallback={<Loading label={t('loading')} />}>
      <LiveStatisticsPanel workspaceId={workspaceId} />
    </Suspense>
  );
}

function LiveStatisticsPanel({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation(['shell', 'common']);
  const { statistics, status, retry } = useLiveStatistics(workspaceId);
  const chart = useMemo(() => {
    if (!statistics) return undefined;
    const { tickets, conversations } = statistics;
    return {
      categories: [t('dashboard.stats.tickets'), t('dashboard.stats.conversations')],
      series: [
        { label: t('dashboard.stats.open'), values: [tickets.open, conversations.pending] },
        { label: t('dashboard.stats.closed'), values: [tickets.closed, conversations.resolved] },
      ],
    };
  }, [statistics, t]);

  // Until the first snapshot; while reconnecting the last figures stay on screen.
  if (!statistics && (status === 'loading' || status === 'reconnecting')) {
    return <Loading label={t('common:loading')} />;
  }
  // Refused (e.g. no longer a member), or the workspace has no statistics document.
  if (!statistics || status === 'error') {
    return (
      <Alert tone="error">
        {t('dashboard.workspaceHome.loadFailed')}{' '}
        <Button type="button" $variant="ghost" onClick={retry}>
          {t('common:retry')}
        </Button>
      </Alert>
    );
  }
  const { tickets, conversations, products, aiTrainingQnas, ratings } = statistics;
  // One decimal, as review sites show it; "—" while no customer has rated.
  const satisfaction =
    ratings.average === null
      ? '—'
      : ratings.average.toLocaleString('en-US', {
          maximumFractionDigits: 1,
          minimumFractionDigits: 1,
        });
  // product-spec.md §3/§9: ticket total is open plus closed; "unresolved" conversations are stored as pending.
  const rows: [string, string, number][] = [
    [t('dashboard.stats.tickets'), t('dashboard.stats.open'), tickets.open],
    [t('dashboard.stats.tickets'), t('dashboard.stats.closed'), tickets.closed],
    [t('dashboard.stats.conversations'), t('dashboard.stats.all'), conversations.all],
    [t('dashboard.stats.conversations'), t('dashboard.stats.resolved'), conversations.resolved],
    [t('dashboard.stats.conversations'), t('dashboard.stats.unresolved'), conversations.pending],
    // Issue 15: only conversations where the customer took an answer of the bot's training.
    [
      t('dashboard.stats.conversations'),
      t('dashboard.stats.botAnswered'),
      conversations.botAnswered,
    ],
    [t('dashboard.stats.products'), t('dashboard.stats.all'), products.all],
    [t('dashboard.stats.products'), t('dashboard.stats.active'), products.active],
    [t('dashboard.stats.products'), t('dashboard.stats.disabled'), products.disabled],
    [t('dashboard.stats.products'), t('dashboard.stats.processing'), products.processing],
    [t('dashboard.stats.qnas'), t('dashboard.stats.count'), aiTrainingQnas.count],
    [t('dashboard.stats.satisfaction'), t('dashboard.stats.ratingsCount'), ratings.count],
  ];
  return (
    <section aria-labelledby="statistics-title">
      <h2 id="statistics-title">{t('dashboard.stats.title')}</h2>
      <Grid $min={200}>
        <Card>
          <Label>{t('dashboard.stats.tickets')}</Label>
          <Number data-testid="stat-tickets">{tickets.open + tickets.closed}</Number>
          <Detail>
            {tickets.open} {t('dashboard.stats.open')} · {tickets.closed}{' '}
            {t('dashboard.stats.closed')}
          </Detail>
        </Card>
        <Card>
          <Label>{t('dashboard.stats.conversations')}</Label>
          <Number data-testid="stat-conversations">{conversations.all}</Number>
          <Detail>
            {conversations.resolved} {t('dashboard.stats.resolved')} · {conversations.pending}{' '}
            {t('dashboard.stats.unresolved')} · {conversations.botAnswered}{' '}
            {t('dashboard.stats.botAnswered')}
          </Detail>
        </Card>
        <Card>
          <Label>{t('dashboard.stats.products')}</Label>
          <Number data-testid="stat-products">{products.all}</Number>
          <Detail>
            {products.active} {t('dashboard.stats.active')} · {products.disabled}{' '}
            {t('dashboard.stats.disabled')} · {products.processing}{' '}
            {t('dashboard.stats.processing')}
          </Detail>
        </Card>
        <Card>
          <Label>{t('dashboard.stats.qnas')}</Label>
          <Number data-testid="stat-qnas">{aiTrainingQnas.count}</Number>
        </Card>
        <Card>
          <Label>{t('dashboard.stats.satisfaction')}</Label>
          <Number data-testid="stat-satisfaction">
            {satisfaction}
            {ratings.average === null ? null : <Detail as="span"> / 5</Detail>}
          </Number>
          <Detail>
            {ratings.count === 0
              ? t('dashboard.stats.noRatings')
              : t('dashboard.stats.ratings', { count: ratings.count })}
          </Detail>
        </Card>
      </Grid>
      <Grid $min={320} style={{ marginTop: 24 }}>
        <Card>
          {chart ? (
            <Suspense fallback={<Loading label={t('common:loading')} />}>
              <StatisticsChart title={t('dashboard.stats.chartTitle')} {...chart} />
            </Suspense>
          ) : null}
        </Card>
        <Card>
          <Table>
            <caption>{t('dashboard.stats.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.stats.measure')}</th>
                <th scope="col">{t('dashboard.stats.value')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([group, label, value]) => (
                <tr key={`${group}-${label}`}>
                  <th scope="row">
                    {group}: {label}
                  </th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      </Grid>
    </section>
  );
}
