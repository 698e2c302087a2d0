import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dashboardPaths } from 'shared-sdk';
import type { Report } from 'shared-sdk/schemas';
import { Muted } from 'shared-ui';
import { DataTable } from 'shared-ui/controls';
import { Figures } from './figures';

const percent = (share: number | null) => (share === null ? null : `${Math.round(share * 100)} %`);

/** Average rating, the 1–5 distribution, the share rated, and what customers wrote last. */
export function SatisfactionSection({
  workspaceId,
  report,
}: {
  workspaceId: string;
  report: Report;
}) {
  const { t } = useTranslation('reports');
  const { current, previous } = report;
  const none = t('comparison.none');
  return (
    <>
      <Figures
        items={[
          {
            label: t('satisfaction.average'),
            value: String(current.averageRating ?? none),
            previous: String(previous.averageRating ?? none),
          },
          {
            label: t('satisfaction.ratings'),
            value: String(current.ratingsCount),
            previous: String(previous.ratingsCount),
          },
          {
            label: t('satisfaction.ratedShare'),
            value: percent(current.ratedShare) ?? none,
            previous: percent(previous.ratedShare) ?? none,
          },
        ]}
      />
      <DataTable caption={t('satisfaction.distributionCaption')} minWidth={320}>
        <thead>
          <tr>
            <th scope="col">{t('satisfaction.stars')}</th>
            <th scope="col">{t('satisfaction.count')}</th>
            <th scope="col">{t('conversations.previous')}</th>
          </tr>
        </thead>
        <tbody>
          {current.ratingDistribution.map((count, index) => (
            <tr key={index}>
              <th scope="row">{index + 1}</th>
              <td>{count}</td>
              <td>{previous.ratingDistribution[index]}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <h3>{t('satisfaction.comments')}</h3>
      {report.latestComments.length === 0 ? (
        <Muted>{t('satisfaction.noComments')}</Muted>
      ) : (
        <ul>
          {report.latestComments.map((comment) => (
            <li key={comment.conversationId}>
              <blockquote>{comment.comment}</blockquote>
              {t('satisfaction.rating', { rating: comment.rating })} ·{' '}
              <Link
                to={dashboardPaths['dashboard-workspaceId-chat-takeover-conversationId'].getHref({
                  workspaceId,
                  conversationId: comment.conversationId,
                })}
              >
                {t('satisfaction.openConversation')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
