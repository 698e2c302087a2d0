import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Weekday } from 'shared-sdk';
import { weekdays } from 'shared-sdk';
import { VisuallyHidden } from 'shared-ui';
import { SelectField, TextAreaField } from 'shared-ui/controls';
import { checked } from './chatbot-form-values';
import { FormSection, type SectionProps } from './form-section';

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  font-weight: 600;
  input {
    width: 20px;
    height: 20px;
  }
`;

const Days = styled.div`
  display: grid;
  gap: 8px;
`;
const DayRow = styled.div`
  display: grid;
  grid-template-columns: minmax(130px, 1fr) repeat(2, minmax(0, 120px));
  gap: 8px 12px;
  align-items: center;
  input[type='time'] {
    min-height: 40px;
    padding: 6px 8px;
    font: inherit;
    color: ${({ theme }) => theme.colors.textPrimary};
    background: ${({ theme }) => theme.colors.background};
    border: 1px solid ${({ theme }) => theme.colors.stroke};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.red};
  }
  [role='status'] {
    grid-column: 1 / -1;
    color: ${({ theme }) => theme.colors.red};
    font-size: 0.875rem;
  }
`;

/** Every IANA zone the browser knows (the API checks with the same platform data). */
function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return [...new Set(['UTC', current, ...known])].filter(Boolean);
}

/**
 * When the team answers: on or off, the time zone, each weekday's opening hours, and the message
 * the widget shows outside them (the bot still answers; a handover says the team will reply later).
 */
export function BusinessHoursSection({ values, field, setValue }: SectionProps) {
  const { t } = useTranslation('customize');
  // Some 400 zones: built once per chosen zone, not on every keystroke elsewhere in the form.
  const zoneOptions = useMemo(
    () =>
      timeZones(values.timeZone).map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      )),
    [values.timeZone],
  );
  return (
    <FormSection title={t('hours.title')} lead={t('hours.lead')}>
      <Check>
        <input
          type="checkbox"
          name="hoursEnabled"
          checked={checked(values.hoursEnabled)}
          onChange={(event) => setValue('hoursEnabled', event.target.checked ? 'on' : '')}
        />
        {t('hours.enabled')}
      </Check>
      <SelectField label={t('hours.timeZone')} {...field('timeZone')}>
        {zoneOptions}
      </SelectField>
      <Days role="group" aria-label={t('hours.days')}>
        {weekdays.map((day) => (
          <Day key={day} day={day} values={values} field={field} setValue={setValue} />
        ))}
      </Days>
      <TextAreaField
        label={t('hours.awayMessage')}
        hint={t('hours.awayMessageHint')}
        optionalText={t('optional')}
        maxLength={500}
        {...field('awayMessage')}
      />
    </FormSection>
  );
}

function Day({ day, values, field, setValue }: SectionProps & { day: Weekday }) {
  const { t } = useTranslation('customize');
  const dayName = t(`hours.day.${day}`);
  const open = checked(values[`${day}Open`]);
  const start = field(`${day}Start`);
  const end = field(`${day}End`);
  const error = start.error ?? end.error;
  const errorId = `customize-hours-${day}-error`;
  const time = ({ error: invalid, ...props }: typeof start, label: string) => (
    <label>
      <VisuallyHidden>{label}</VisuallyHidden>
      <input
        type="time"
        {...props}
        disabled={!open}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
      />
    </label>
  );
  return (
    <DayRow>
      <Check>
        <input
          type="checkbox"
          name={`${day}Open`}
          checked={open}
          onChange={(event) => setValue(`${day}Open`, event.target.checked ? 'on' : '')}
        />
        {dayName}
      </Check>
      {time(start, t('hours.opens', { day: dayName }))}
      {time(end, t('hours.closes', { day: dayName }))}
      {error ? (
        <span id={errorId} role="status">
          {error}
        </span>
      ) : null}
    </DayRow>
  );
}
