import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, usePageTitle } from 'shared-ui';
import { errorPageImages, errorPageStatusFor } from './error-content';

const Wrapper = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: 16px;
  padding: 48px 16px;
  max-width: 640px;
  margin: 0 auto;
`;

const Reaction = styled.p`
  margin: 0;
  font-size: 1.25rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primaryBlue};
`;

const Status = styled.p`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  color: ${({ theme }) => theme.colors.textSecondary};
  overflow-wrap: anywhere;
`;

export interface ErrorPageProps {
  status: number;
  /** The specific message, e.g. 'Page Not Found: /nope' (product-spec.md §8). */
  message?: string;
}

export function ErrorPage({ status, message }: ErrorPageProps) {
  const { t } = useTranslation('shell');
  const key = errorPageStatusFor(status);
  const title = t(`errorPage.${key}.title`);
  const body = t(`errorPage.${key}.body`, { returnObjects: true });
  usePageTitle(title);
  return (
    <Wrapper aria-labelledby="error-page-title" data-status={status}>
      <img
        src={errorPageImages[key]}
        alt={t(`errorPage.${key}.imageAlt`)}
        width={240}
        height={180}
      />
      <Reaction>{t(`errorPage.${key}.reaction`)}</Reaction>
      <h1 id="error-page-title">{title}</h1>
      {message ? <Status>{message}</Status> : <Status>{status}</Status>}
      {body.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <Button as={Link} to="/" $size="lg">
        {t('errorPage.home')}
      </Button>
    </Wrapper>
  );
}
