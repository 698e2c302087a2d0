import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { BotPreview } from 'shared-sdk/schemas';
import { VisuallyHidden } from 'shared-ui';

const Reply = styled.p`
  margin: 0;
  padding: 12px 16px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.textPrimary};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.lg};
  border-top-left-radius: ${({ theme }) => theme.radii.sm};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  align-items: center;
  gap: 8px 16px;
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    overflow-wrap: anywhere;
  }
  a {
    color: ${({ theme }) => theme.colors.primaryBlue};
    font-weight: 600;
  }
`;

const Meter = styled.meter`
  appearance: none;
  width: 160px;
  height: 10px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.lightGrey200};
  &::-webkit-meter-bar {
    background: ${({ theme }) => theme.colors.lightGrey200};
    border: 0;
  }
  &::-webkit-meter-optimum-value,
  &::-webkit-meter-suboptimum-value,
  &::-webkit-meter-even-less-good-value {
    background: ${({ theme }) => theme.colors.primaryBlue};
  }
  &::-moz-meter-bar {
    background: ${({ theme }) => theme.colors.primaryBlue};
  }
`;

const percentOf = (confidence: number) => Math.round(confidence * 100);

/**
 * What the bot would do with one question: the reply exactly as the customer would see it, or
 * that it would hand over to a person and why; how sure it is; and what the reply came from
 * (for a handover, the closest match).
 */
export function BotAnswer({ preview }: { preview: BotPreview }) {
  const { t } = useTranslation('bot-preview');
  const { source, confidence } = preview;
  const reason =
    preview.handoffReason === 'asked-for-person'
      ? t('handoff.askedForPerson')
      : confidence === null
        ? t('handoff.nothingMatched')
        : t('handoff.notConfident', { percent: percentOf(confidence) });
  return (
    <>
      {preview.kind === 'handoff' ? (
        <p>
          <strong>{t('handoff.title')}</strong> {reason}
        </p>
      ) : null}
      {preview.kind === 'suggestions' ? (
        <p>
          <strong>{t('suggestions.title')}</strong> {t('suggestions.body')}
        </p>
      ) : null}
      {preview.content ? (
        <div>
          <VisuallyHidden>{t('reply')}</VisuallyHidden>
          <Reply>{preview.content}</Reply>
        </div>
      ) : null}
      {preview.suggestions && preview.suggestions.length > 0 ? (
        <ul aria-label={t('suggestions.label')}>
          {preview.suggestions.map((question) => (
            <li key={question}>{question}</li>
          ))}
        </ul>
      ) : null}
      <Facts>
        <dt>{t('confidence.label')}</dt>
        <dd>
          {confidence === null ? (
            t('confidence.none')
          ) : (
            <>
              <span>{t('confidence.value', { percent: percentOf(confidence) })}</span>
              {/* The percentage says it for screen readers; the meter is for the eye. */}
              <Meter aria-hidden="true" min={0} max={100} value={percentOf(confidence)} />
            </>
          )}
        </dd>
        <dt>{preview.kind === 'answer' ? t('source.label') : t('source.closest')}</dt>
        <dd>
          {source === null ? (
            t('source.none')
          ) : (
            <span>
              {t(`source.${source.kind}`)}{' '}
              {source.url ? (
                <a href={source.url} target="_blank" rel="noopener noreferrer">
                  {source.label}
                  <VisuallyHidden> {t('source.newTab')}</VisuallyHidden>
                </a>
              ) : (
                source.label
              )}
            </span>
          )}
        </dd>
      </Facts>
    </>
  );
}
