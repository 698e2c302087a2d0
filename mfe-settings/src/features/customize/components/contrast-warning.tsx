import { useTranslation } from 'react-i18next';
import { contrastRatio, minimumTextContrast, readableTextColor } from 'shared-sdk';
import { Alert } from 'shared-ui';

/**
 * The contrast of a message colour with the text the chat window will write on it (the same
 * rule, from shared-sdk), when it fails WCAG AA; null when it passes or is not a whole colour.
 */
export function failingContrast(color: string): number | null {
  const ratio = contrastRatio(readableTextColor(color), color);
  return Number.isNaN(ratio) || ratio >= minimumTextContrast ? null : ratio;
}

export function ContrastWarning({ ratio, id }: { ratio: number; id: string }) {
  const { t } = useTranslation('customize');
  // Rounded down: 4.499 must not read as 4.50, which would pass.
  const shown = (Math.floor(ratio * 100) / 100).toFixed(2);
  return (
    <div id={id}>
      <Alert tone="info">{t('form.contrastWarning', { ratio: shown })}</Alert>
    </div>
  );
}
