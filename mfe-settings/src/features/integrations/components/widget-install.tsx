import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { widgetInstallEndpoints } from 'shared-sdk';
import { Button, Card, Loading, Muted, Stack } from 'shared-ui';
import { formatRelativeTime, LoadFailed, useApiGet, useNow } from 'shared-ui/controls';
import { loaderSnippet } from '../api/integrations-api';
import { CopyText } from '../../../components/copy-text';

const Reference = styled.dl`
  display: grid;
  grid-template-columns: minmax(10rem, max-content) 1fr;
  gap: 8px 16px;
  margin: 0;
  dt {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-size: 0.875rem;
  }
  dd {
    margin: 0;
  }
`;

// A term and its description, inside the grid of the list.
const Entry = styled.div`
  display: contents;
`;

// What parley-widget.ts reads and installs: keep these lists in step with it.
const attributes = [
  ['data-workspace-id', 'workspaceId'],
  ['data-chatbot-id', 'chatbotId'],
  ['data-locale', 'locale'],
  ['data-position', 'position'],
] as const;
const methods = [
  ['Parley.open()', 'open'],
  ['Parley.close()', 'close'],
  ['Parley.toggle()', 'toggle'],
  ['Parley.isOpen()', 'isOpen'],
  ['Parley.identify(identity)', 'identify'],
  ['Parley.logout()', 'logout'],
  ['Parley.setLocale(locale)', 'setLocale'],
  ['Parley.on(event, handler)', 'on'],
  ['Parley.off(event, handler)', 'off'],
] as const;
const events = ['opened', 'closed', 'message', 'error'] as const;

function SeenStatus({ workspaceId }: { workspaceId: string }) {
  const { t, i18n } = useTranslation('integrations');
  const { state, retry } = useApiGet(widgetInstallEndpoints.list, { workspaceId });
  const now = useNow(30_000);
  if (state.status === 'loading') return <Loading label={t('install.loading')} />;
  if (state.status === 'failed') {
    return <LoadFailed message={t('install.loadFailed')} onRetry={retry} />;
  }
  const [latest, ...others] = state.data.installs;
  return (
    <Stack $gap={2}>
      {latest ? (
        [latest, ...others].map((install) => (
          <p key={install.origin}>
            {t('install.seen', {
              origin: install.origin,
              when: formatRelativeTime(install.seenAt, {
                now,
                locale: i18n.language,
                style: 'long',
              }),
            })}
          </p>
        ))
      ) : (
        <>
          <p>{t('install.notSeen')}</p>
          <Muted>{t('install.notSeenHint')}</Muted>
        </>
      )}
      <div>
        <Button type="button" $variant="ghost" onClick={retry}>
          {t('install.checkAgain')}
        </Button>
      </div>
    </Stack>
  );
}

/** The loader snippet for this workspace, where it was seen, and the page API it installs. */
export function WidgetInstall({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('integrations');
  return (
    <Card as="section" aria-labelledby="install-heading">
      <Stack $gap={4}>
        <h2 id="install-heading">{t('install.heading')}</h2>
        <p>{t('install.intro')}</p>
        <CopyText
          label={t('install.snippetLabel')}
          text={loaderSnippet(window.location.origin, workspaceId)}
          rows={3}
        />
        <h3>{t('install.seenHeading')}</h3>
        <SeenStatus workspaceId={workspaceId} />
        <h3>{t('install.attributesHeading')}</h3>
        <Reference>
          {attributes.map(([name, key]) => (
            <Entry key={name}>
              <dt>{name}</dt>
              <dd>{t(`install.attributes.${key}`)}</dd>
            </Entry>
          ))}
        </Reference>
        <h3>{t('install.apiHeading')}</h3>
        <p>{t('install.apiIntro')}</p>
        <Reference>
          {methods.map(([signature, key]) => (
            <Entry key={key}>
              <dt>{signature}</dt>
              <dd>{t(`install.methods.${key}`)}</dd>
            </Entry>
          ))}
        </Reference>
        <h4>{t('install.eventsHeading')}</h4>
        <Reference>
          {events.map((event) => (
            <Entry key={event}>
              <dt>{`'${event}'`}</dt>
              <dd>{t(`install.events.${event}`)}</dd>
            </Entry>
          ))}
        </Reference>
      </Stack>
    </Card>
  );
}
