import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from 'shared-ui';
import { useNewBuildCheck } from './use-new-build-check';

const Prompt = styled.div`
  position: fixed;
  z-index: 210;
  top: 8px;
  left: 50%;
  transform: translateX(-50%);
  width: max-content;
  max-width: calc(100vw - 16px);
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  padding: 12px 16px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-left: 6px solid ${({ theme }) => theme.colors.primaryBlue};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.textPrimary};
  box-shadow: 0 8px 24px rgb(11 26 51 / 24%);
  p {
    margin: 0;
  }
  div {
    display: flex;
    gap: 8px;
  }
`;

/**
 * Offers the new version once one is deployed. It never reloads by itself: the agent may be in
 * the middle of a reply (which a reload keeps: the composer saves its draft for the tab).
 */
export function NewVersionPrompt({ check }: { check?: () => Promise<boolean> }) {
  const { t } = useTranslation('shell');
  const available = useNewBuildCheck(check);
  const [dismissed, setDismissed] = useState(false);
  return (
    <div role="status">
      {available && !dismissed ? (
        <Prompt>
          <p>{t('newVersion.available')}</p>
          <div>
            <Button type="button" onClick={() => window.location.reload()}>
              {t('newVersion.reload')}
            </Button>
            <Button type="button" $variant="ghost" onClick={() => setDismissed(true)}>
              {t('newVersion.later')}
            </Button>
          </div>
        </Prompt>
      ) : null}
    </div>
  );
}
