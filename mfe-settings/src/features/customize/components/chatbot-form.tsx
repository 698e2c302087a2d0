import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Chatbot } from 'shared-sdk';
import { idleTimeoutBounds } from 'shared-sdk';
import { Button, Spinner } from 'shared-ui';
import { TextAreaField, TextField, apiErrorMessage, useSchemaForm } from 'shared-ui/controls';
import { FieldRow } from '../../../components/settings-page';
import { updateChatbot } from '../api/customize-api';
import { ChatbotPhotoField } from './chatbot-photo-field';
import { BusinessHoursSection } from './business-hours-section';
import {
  fieldOfIssue,
  formValuesOf,
  requestOf,
  type ChatbotFormValues,
} from './chatbot-form-values';
import { ContrastWarning, failingContrast } from './contrast-warning';
import { GreetingLauncherSection } from './greeting-launcher-section';
import { PreChatSection } from './pre-chat-section';

const ColorRow = styled.div`
  display: grid;
  grid-template-columns: 56px minmax(0, 1fr);
  gap: 12px;
  align-items: start;
  input[type='color'] {
    width: 56px;
    height: 44px;
    margin-top: 28px;
    padding: 2px;
    border: 1px solid ${({ theme }) => theme.colors.stroke};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.background};
    cursor: pointer;
  }
`;

const wholeColor = /^#[0-9a-f]{6}$/i;

/**
 * The chatbot's name, description, message colour, idle timeout and photo (product-spec.md §7 PATCH
 * /api/user/chatbots), then its greeting and launcher, pre-chat form and business hours, saved
 * in one call and validated by the API's own schema. Every change is handed to `onDraft` for the
 * preview.
 */
export function ChatbotForm({
  workspaceId,
  chatbot,
  onDraft,
}: {
  workspaceId: string;
  chatbot: Chatbot;
  onDraft: (draft: ChatbotFormValues) => void;
}) {
  const { t } = useTranslation('customize');
  const { t: tCommon } = useTranslation('common');
  const titleId = useId();
  const contrastId = useId();
  const [uploading, setUploading] = useState(false);
  const { values, state, field, setValue, handleSubmit } = useSchemaForm({
    schema: () =>
      import('shared-sdk/schemas').then((schemas) => schemas.updateChatbotRequestSchema),
    initialValues: formValuesOf(chatbot),
    toInput: (values) => requestOf(values, workspaceId, chatbot.id),
    fieldOfIssue,
    describeFailure: (error) => ({ message: apiErrorMessage(tCommon, error, t('form.failed')) }),
    send: updateChatbot,
    reportDone: (_saved, toast) => toast.success(t('form.saved')),
  });
  const submitting = state.status === 'submitting';
  const color = values.messageBackgroundColor;
  const lowContrast = failingContrast(color);

  useEffect(() => onDraft(values), [values, onDraft]);

  const colorField = field('messageBackgroundColor');
  return (
    <form noValidate aria-labelledby={titleId} onSubmit={handleSubmit}>
      <h2 id={titleId}>{t('form.title')}</h2>
      <TextField
        label={t('form.name')}
        hint={t('form.nameHint')}
        maxLength={60}
        autoComplete="off"
        {...field('name')}
      />
      <TextAreaField
        label={t('form.description')}
        hint={t('form.descriptionHint')}
        maxLength={500}
        {...field('description')}
      />
      <ChatbotPhotoField
        workspaceId={workspaceId}
        chatbotId={chatbot.id}
        name={values.name || chatbot.name}
        photoUrl={values.photoUrl || null}
        onChange={(url) => setValue('photoUrl', url ?? '')}
        onBusy={setUploading}
      />
      <FieldRow>
        <div>
          <ColorRow>
            <input
              type="color"
              aria-label={t('form.colorPicker')}
              // The picker needs a whole colour; while the hex is half typed it keeps the last.
              value={wholeColor.test(color) ? color.toLowerCase() : chatbot.messageBackgroundColor}
              onChange={(event) => setValue('messageBackgroundColor', event.target.value)}
            />
            <TextField
              label={t('form.color')}
              hint={t('form.colorHint')}
              spellCheck={false}
              autoComplete="off"
              aria-describedby={lowContrast === null ? undefined : contrastId}
              {...colorField}
            />
          </ColorRow>
        </div>
        <TextField
          label={t('form.idleTimeout')}
          hint={t('form.idleTimeoutHint')}
          type="number"
          inputMode="numeric"
          min={idleTimeoutBounds.min}
          max={idleTimeoutBounds.max}
          step={1}
          {...field('idleTimeoutInMinutes')}
        />
      </FieldRow>
      {lowContrast === null ? null : <ContrastWarning ratio={lowContrast} id={contrastId} />}
      <GreetingLauncherSection values={values} field={field} setValue={setValue} />
      <PreChatSection values={values} field={field} setValue={setValue} />
      <BusinessHoursSection values={values} field={field} setValue={setValue} />
      <div>
        <Button type="submit" disabled={submitting || uploading}>
          {submitting ? <Spinner /> : null}
          {submitting ? t('form.saving') : t('form.save')}
        </Button>
      </div>
    </form>
  );
}
