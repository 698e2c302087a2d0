import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { CustomerRecord } from 'shared-sdk/schemas';
import { Button, Muted, useToast } from 'shared-ui';
import { apiErrorMessage, ConfirmDialog, TextField } from 'shared-ui/controls';
import { customerDetails, findCustomers, mergeCustomers } from '../api/customers-api';
import { customerLabel } from '../customer-display';

const Find = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: end;
`;

const Candidates = styled.ul`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/**
 * Merging another customer into this one: find them, pick them, and confirm in a dialog that
 * says how many conversations move and that the other record goes.
 */
export function MergeCustomer({
  customer,
  onMerged,
}: {
  customer: CustomerRecord;
  onMerged: () => void;
}) {
  const { t } = useTranslation('customers');
  const { t: tCommon } = useTranslation();
  const toast = useToast();
  const [candidates, setCandidates] = useState<CustomerRecord[] | null>(null);
  const [picked, setPicked] = useState<{ other: CustomerRecord; conversations: number } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = customerLabel(t, customer);
  const other = picked ? customerLabel(t, picked.other) : '';

  return (
    <>
      <Find
        aria-label={t('merge.find')}
        onSubmit={(event) => {
          event.preventDefault();
          const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
          findCustomers({ workspaceId: customer.workspaceId, q }).then(
            (page) => setCandidates(page.customers.filter((c) => c.id !== customer.id)),
            (failure: unknown) => setError(apiErrorMessage(tCommon, failure, t('list.loadFailed'))),
          );
        }}
      >
        <TextField label={t('merge.find')} name="q" type="search" maxLength={200} />
        <Button type="submit" $variant="secondary">
          {t('merge.search')}
        </Button>
      </Find>
      {candidates && candidates.length === 0 ? <Muted>{t('merge.none')}</Muted> : null}
      {candidates && candidates.length > 0 ? (
        <Candidates>
          {candidates.slice(0, 10).map((candidate) => (
            <li key={candidate.id}>
              <Button
                type="button"
                $variant="secondary"
                onClick={async () => {
                  setError(null);
                  // The dialog says how many conversations move: their count, asked now.
                  const data = await customerDetails({
                    workspaceId: customer.workspaceId,
                    customerId: candidate.id,
                  }).catch(() => null);
                  setPicked({ other: candidate, conversations: data?.conversations.length ?? 0 });
                }}
              >
                {t('merge.pick', { name: customerLabel(t, candidate) })}
                {candidate.email ? ` (${candidate.email})` : ''}
              </Button>
            </li>
          ))}
        </Candidates>
      ) : null}
      <ConfirmDialog
        open={picked !== null}
        title={t('merge.confirmTitle', { other, name })}
        confirmLabel={t('merge.confirm', { other })}
        cancelLabel={t('merge.cancel')}
        busy={busy}
        busyLabel={t('merge.busy')}
        destructive
        error={error}
        onCancel={() => {
          setPicked(null);
          setError(null);
        }}
        onConfirm={() => {
          if (!picked) return;
          setBusy(true);
          mergeCustomers({
            workspaceId: customer.workspaceId,
            customerId: customer.id,
            mergedCustomerId: picked.other.id,
          }).then(
            (merged) => {
              setBusy(false);
              setPicked(null);
              setCandidates(null);
              toast.success(t('merge.done', { count: merged.movedConversations }));
              onMerged();
            },
            (failure: unknown) => {
              setBusy(false);
              setError(apiErrorMessage(tCommon, failure, t('list.loadFailed')));
            },
          );
        }}
      >
        <p>{t('merge.confirmBody', { count: picked?.conversations ?? 0, other, name })}</p>
      </ConfirmDialog>
    </>
  );
}
