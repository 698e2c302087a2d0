import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { SegmentedControl } from 'shared-ui';
import { TextAreaField, TextField } from 'shared-ui/controls';
import { FieldRow } from '../../../components/settings-page';
import { FormSection, type SectionProps } from './form-section';

const Choice = styled.div`
  display: grid;
  gap: 6px;
  align-content: start;
  span {
    font-weight: 600;
  }
`;

/** The bot's first words in a new chat, and where the launcher sits on the page and what it says. */
export function GreetingLauncherSection({ values, field, setValue }: SectionProps) {
  const { t } = useTranslation('customize');
  return (
    <FormSection title={t('greeting.title')} lead={t('greeting.lead')}>
      <TextAreaField
        label={t('greeting.message')}
        hint={t('greeting.messageHint')}
        optionalText={t('optional')}
        maxLength={500}
        {...field('greetingMessage')}
      />
      <FieldRow>
        <Choice>
          <span aria-hidden="true">{t('launcher.position')}</span>
          <SegmentedControl
            legend={t('launcher.position')}
            name="launcherPosition"
            size="md"
            options={[
              { value: 'left', label: t('launcher.left') },
              { value: 'right', label: t('launcher.right') },
            ]}
            value={values.launcherPosition === 'left' ? 'left' : 'right'}
            onChange={(position) => setValue('launcherPosition', position)}
          />
        </Choice>
        <TextField
          label={t('launcher.label')}
          hint={t('launcher.labelHint')}
          optionalText={t('optional')}
          maxLength={40}
          autoComplete="off"
          {...field('launcherLabel')}
        />
      </FieldRow>
    </FormSection>
  );
}
