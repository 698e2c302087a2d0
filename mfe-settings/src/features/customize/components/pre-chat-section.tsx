import { useTranslation } from 'react-i18next';
import { SelectField } from 'shared-ui/controls';
import { FieldRow } from '../../../components/settings-page';
import { FormSection, type SectionProps } from './form-section';

/** Whether the widget asks for the visitor's name and e-mail before the chat, and which it needs. */
export function PreChatSection({ field }: SectionProps) {
  const { t } = useTranslation('customize');
  const options = (
    <>
      <option value="off">{t('preChat.off')}</option>
      <option value="optional">{t('preChat.optional')}</option>
      <option value="required">{t('preChat.required')}</option>
    </>
  );
  return (
    <FormSection title={t('preChat.title')} lead={t('preChat.lead')}>
      <FieldRow>
        <SelectField label={t('preChat.name')} {...field('preChatName')}>
          {options}
        </SelectField>
        <SelectField label={t('preChat.email')} {...field('preChatEmail')}>
          {options}
        </SelectField>
      </FieldRow>
    </FormSection>
  );
}
