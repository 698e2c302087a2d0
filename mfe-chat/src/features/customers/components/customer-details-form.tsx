import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { CustomerRecord } from 'shared-sdk/schemas';
import { Button, Spinner, useToast } from 'shared-ui';
import { apiErrorMessage, TextField } from 'shared-ui/controls';
import { updateCustomer } from '../api/customers-api';

const Form = styled.form`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  align-items: end;
`;

/** The details a member may correct: name, e-mail address and order id. */
export function CustomerDetailsForm({
  customer,
  onSaved,
}: {
  customer: CustomerRecord;
  onSaved: (customer: CustomerRecord) => void;
}) {
  const { t } = useTranslation('customers');
  const { t: tCommon } = useTranslation();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      aria-label={t('detail.details')}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => String(form.get(name) ?? '').trim();
        setSaving(true);
        setError(null);
        updateCustomer({
          workspaceId: customer.workspaceId,
          customerId: customer.id,
          firstName: text('firstName'),
          lastName: text('lastName'),
          email: text('email'),
          orderId: text('orderId'),
        }).then(
          (saved) => {
            setSaving(false);
            toast.success(t('detail.saved'));
            onSaved(saved);
          },
          (failure: unknown) => {
            setSaving(false);
            setError(apiErrorMessage(tCommon, failure, t('detail.loadFailed')));
          },
        );
      }}
    >
      <TextField
        label={t('detail.firstName')}
        name="firstName"
        defaultValue={customer.firstName}
        maxLength={120}
      />
      <TextField
        label={t('detail.lastName')}
        name="lastName"
        defaultValue={customer.lastName}
        maxLength={120}
      />
      <TextField
        label={t('detail.email')}
        name="email"
        type="email"
        defaultValue={customer.email ?? ''}
        maxLength={254}
        error={error ?? undefined}
      />
      <TextField
        label={t('detail.orderId')}
        name="orderId"
        defaultValue={customer.orderId ?? ''}
        maxLength={120}
      />
      <Button type="submit" aria-disabled={saving}>
        {saving ? <Spinner /> : null}
        {saving ? t('detail.saving') : t('detail.save')}
      </Button>
    </Form>
  );
}
