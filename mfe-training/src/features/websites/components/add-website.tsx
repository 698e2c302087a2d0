import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { maxWebsiteLinks } from 'shared-sdk';
import { Button, Card, Spinner, useToast } from 'shared-ui';
import { TextField, apiErrorMessage, useSchemaForm } from 'shared-ui/controls';
import { InlineForm } from '../../../components/inline-form';
import { createWebsite } from '../api/websites-api';
import { useDiscovery, type Discovery } from '../hooks/use-discovery';
import { siteName } from '../utils/website-summary';
import { DiscoveryFlow } from './discovery-flow';

const Section = styled(Card)`
  display: grid;
  gap: 20px;
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

/** The address to search: checked with the API's own request schema (its baseUrl is webAddressSchema). */
function AddressForm({ workspaceId, discovery }: { workspaceId: string; discovery: Discovery }) {
  const { t } = useTranslation('websites');
  const { t: tCommon } = useTranslation('common');
  const { state, field, handleSubmit } = useSchemaForm({
    schema: () => import('shared-sdk/schemas').then((schemas) => schemas.getLinksRequestSchema),
    initialValues: { baseUrl: '' },
    toInput: (values) => ({ workspaceId, baseUrl: values.baseUrl }),
    // The API refuses an address it may not reach (a private one, say): that is about the field.
    describeFailure: (error) => ({
      field: 'baseUrl',
      message: apiErrorMessage(tCommon, error, t('address.failed')),
    }),
    send: (request) => discovery.start(request.baseUrl),
  });
  const submitting = state.status === 'submitting';
  return (
    <InlineForm noValidate onSubmit={handleSubmit} aria-busy={submitting}>
      <TextField
        label={t('address.label')}
        hint={t('address.hint')}
        type="url"
        inputMode="url"
        autoComplete="url"
        {...field('baseUrl')}
      />
      <Button type="submit" disabled={submitting}>
        {submitting ? <Spinner /> : null}
        {t('address.find')}
      </Button>
    </InlineForm>
  );
}

/**
 * "Add a website": its address, a live search for its pages, then the choice of pages the bot
 * may answer from. The search is kept for the browser tab, so it survives a look at another tab.
 */
export function AddWebsite({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('websites');
  const toast = useToast();
  const titleId = useId();
  const discovery = useDiscovery(workspaceId, 'new');
  const { job } = discovery;

  async function save(links: string[]) {
    if (!job) return;
    const website = await createWebsite({ workspaceId, baseUrl: job.baseUrl, links });
    toast.success(t('add.created', { count: links.length, site: siteName(website.baseUrl) }));
    discovery.close();
  }

  return (
    <Section as="section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('add.title')}</h2>
      {discovery.jobId ? (
        <DiscoveryFlow
          discovery={discovery}
          limit={maxWebsiteLinks}
          caption={t('add.caption', { site: job ? siteName(job.baseUrl) : '' })}
          saveLabel={t('add.save')}
          save={save}
        />
      ) : (
        <AddressForm workspaceId={workspaceId} discovery={discovery} />
      )}
    </Section>
  );
}
