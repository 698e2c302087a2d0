import { useTranslation } from 'react-i18next';
import { useColorMode } from '../theme/color-mode';
import type { ColorModePreference } from '../theme/tokens';
import { SegmentedControl } from './segmented-control';

const preferences: ColorModePreference[] = ['light', 'dark', 'system'];

/** Light / dark / system choice, stored (product-spec.md §1). */
export function ColorModeSwitch() {
  const { t } = useTranslation('common');
  const { preference, setPreference } = useColorMode();
  return (
    <SegmentedControl
      legend={t('colorMode.label')}
      name="color-mode"
      options={preferences.map((option) => ({ value: option, label: t(`colorMode.${option}`) }))}
      value={preference}
      onChange={setPreference}
    />
  );
}
