import { useTranslation } from 'react-i18next';
import type { ReportAgent } from 'shared-sdk/schemas';
import { Button } from 'shared-ui';
import { DataTable } from 'shared-ui/controls';
import { formatDuration } from '../utils/durations';

/** A row per member: what they took, wrote and how fast; a name lists their conversations. */
export function AgentsTable({
  agents,
  onAgent,
}: {
  agents: ReportAgent[];
  onAgent: (agent: ReportAgent) => void;
}) {
  const { t } = useTranslation('reports');
  return (
    <DataTable caption={t('agents.caption')} minWidth={720}>
      <thead>
        <tr>
          <th scope="col">{t('agents.agent')}</th>
          <th scope="col">{t('agents.taken')}</th>
          <th scope="col">{t('agents.replies')}</th>
          <th scope="col">{t('agents.firstResponse')}</th>
          <th scope="col">{t('agents.resolution')}</th>
          <th scope="col">{t('agents.rating')}</th>
        </tr>
      </thead>
      <tbody>
        {agents.map((agent) => (
          <tr key={agent.userId}>
            <th scope="row">
              <Button
                type="button"
                $variant="ghost"
                aria-label={t('agents.show', { name: agent.name })}
                onClick={() => onAgent(agent)}
              >
                {agent.name}
              </Button>
            </th>
            <td>{agent.taken}</td>
            <td>{agent.replies}</td>
            <td>{formatDuration(t, agent.firstResponseMedianSeconds)}</td>
            <td>{formatDuration(t, agent.resolutionMedianSeconds)}</td>
            <td>{agent.averageRating ?? t('comparison.none')}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
