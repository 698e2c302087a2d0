import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Muted } from 'shared-ui';
import { useAlertSound, useNotificationPermission } from 'shared-ui/controls';

const Settings = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  font-size: 0.875rem;
  p {
    margin: 0;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-height: 40px;
  }
  input {
    width: 18px;
    height: 18px;
    accent-color: ${({ theme }) => theme.colors.primaryBlue};
  }
`;

/**
 * How this browser tells the agent a customer is waiting: the notifications (asked for here,
 * when the agent chooses, never on page load) and a sound. The shell's header raises them.
 */
export function AlertSettings() {
  const { t } = useTranslation('chat-takeover');
  const { permission, request } = useNotificationPermission();
  const [sound, setSound] = useAlertSound();
  return (
    <Settings role="group" aria-label={t('alerts.label')}>
      {permission === 'default' ? (
        <Button type="button" $variant="secondary" onClick={() => void request()}>
          {t('alerts.turnOn')}
        </Button>
      ) : null}
      {permission === 'granted' ? <Muted>{t('alerts.on')}</Muted> : null}
      {permission === 'denied' ? <Muted>{t('alerts.blocked')}</Muted> : null}
      <label>
        <input
          type="checkbox"
          checked={sound}
          onChange={(event) => setSound(event.target.checked)}
        />
        {t('alerts.sound')}
      </label>
    </Settings>
  );
}
