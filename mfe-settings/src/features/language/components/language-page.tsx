import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { call, identityEndpoints, session } from 'shared-sdk';
import {
  addTranslations,
  Button,
  defaultLocale,
  Spinner,
  supportedLocales,
  usePageTitle,
  useSession,
  VisuallyHidden,
  useToast,
} from 'shared-ui';
import { apiErrorMessage, PageHeader } from 'shared-ui/controls';
import { FormActions, PageBody, SectionCard } from '../../../components/settings-page';
import { settingsNamespace } from '../../../i18n/settings-translations';
import en from '../en-US.json';
import { readLocaleCookie, writeLocaleCookie } from '../utils/locale-cookie';

addTranslations('language', en);

type Locale = (typeof supportedLocales)[number];

const isSupported = (locale: string | null | undefined): locale is Locale =>
  supportedLocales.some((supported) => supported === locale);

const Choices = styled.fieldset`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: 4px;
    font-weight: 600;
  }
  p {
    margin: 0 0 8px;
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 48px;
  padding: 8px 16px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primaryBlue};
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primaryBlue};
  }
`;

/**
 * /dashboard/my-account/language (product-spec.md §2: only en-US exists, but it is a real choice). The choice
 * is saved on the user and in the locale cookie (product-spec.md §9).
 */
export function LanguagePage() {
  const { t, i18n } = useTranslation('language');
  const { t: tSettings } = useTranslation(settingsNamespace);
  const { t: tCommon } = useTranslation('common');
  usePageTitle(t('meta.title'));
  const { user } = useSession();
  const [locale, setLocale] = useState<Locale>(() => {
    const saved = user?.preferredLanguage;
    if (isSupported(saved)) return saved;
    const fromCookie = readLocaleCookie();
    return isSupported(fromCookie) ? fromCookie : defaultLocale;
  });
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const hintId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      // zod loads on saving, not with the page.
      const { profileUpdateSchema } = await import('shared-sdk/schemas');
      const update = profileUpdateSchema.parse({ preferredLanguage: locale });
      const updated = await call(identityEndpoints.updateProfile, update);
      session().setUser(updated);
      writeLocaleCookie(locale);
      if (i18n.language !== locale) await i18n.changeLanguage(locale);
      toast.success(t('form.saved', { language: t(`languages.${locale}`) }));
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, tSettings('form.unexpectedError')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <PageBody>
      <PageHeader title={t('header.title')} lead={t('header.lead')} />
      <SectionCard>
        <form noValidate onSubmit={handleSubmit} aria-busy={saving}>
          <Choices aria-describedby={hintId}>
            <legend>{t('form.legend')}</legend>
            <p id={hintId}>{t('form.hint')}</p>
            {supportedLocales.map((option) => (
              <Choice key={option}>
                <input
                  type="radio"
                  name="preferredLanguage"
                  value={option}
                  checked={locale === option}
                  onChange={() => setLocale(option)}
                />
                <span lang={option}>{t(`languages.${option}`)}</span>
              </Choice>
            ))}
          </Choices>
          <FormActions>
            <Button type="submit" disabled={saving}>
              {saving ? <Spinner /> : null}
              {saving ? tSettings('form.saving') : t('form.submit')}
            </Button>
            <VisuallyHidden role="status">{saving ? tSettings('form.saving') : ''}</VisuallyHidden>
          </FormActions>
        </form>
      </SectionCard>
    </PageBody>
  );
}
