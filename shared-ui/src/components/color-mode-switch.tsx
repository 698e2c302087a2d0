import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useColorMode } from '../theme/color-mode';
import type { ColorModePreference } from '../theme/tokens';

const options: ColorModePreference[] = ['light', 'dark', 'system'];

const Group = styled.fieldset`
  display: inline-flex;
  gap: 2px;
  margin: 0;
  padding: 2px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.pill};
  legend {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
  }
`;

const Option = styled.label<{ $active: boolean }>`
  padding: 4px 12px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 0.875rem;
  cursor: pointer;
  color: ${({ theme, $active }) => ($active ? theme.colors.onPrimary : theme.colors.textPrimary)};
  background: ${({ theme, $active }) => ($active ? theme.colors.primaryBlue : 'transparent')};
  input {
    position: absolute;
    opacity: 0;
    pointer-events: none;
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
  }
`;

/** Light / dark / system choice; stored, and shown as pressed radio buttons. */
export function ColorModeSwitch() {
  const { t } = useTranslation('common');
  const { preference, setPreference } = useColorMode();
  return (
    <Group>
      <legend>{t('colorMode.label')}</legend>
      {options.map((option) => (
        <Option key={option} $active={preference === option}>
          <input
            type="radio"
            name="color-mode"
            value={option}
            checked={preference === option}
            onChange={() => setPreference(option)}
          />
          {t(`colorMode.${option}`)}
        </Option>
      ))}
    </Group>
  );
}
