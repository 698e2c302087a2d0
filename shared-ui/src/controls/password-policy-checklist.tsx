import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { PasswordPolicy } from 'shared-sdk';
import { VisuallyHidden } from 'shared-ui';

type Rule =
  'minLength' | 'requireLowercase' | 'requireUppercase' | 'requireNumber' | 'requireSymbol';

const tests: Record<Exclude<Rule, 'minLength'>, RegExp> = {
  requireLowercase: /[a-z]/,
  requireUppercase: /[A-Z]/,
  requireNumber: /\d/,
  requireSymbol: /[^A-Za-z0-9]/,
};

/** Which of the policy's rules a password meets, in the policy's order. */
export function checkPassword(policy: PasswordPolicy, password: string) {
  const rules: { rule: Rule; met: boolean }[] = [
    { rule: 'minLength', met: password.length >= policy.minLength },
  ];
  for (const rule of Object.keys(tests) as (keyof typeof tests)[]) {
    if (policy[rule]) rules.push({ rule, met: tests[rule].test(password) });
  }
  return rules;
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  font-size: 0.875rem;
  li {
    display: flex;
    gap: 8px;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  li[data-met='true'] {
    color: ${({ theme }) => theme.colors.green};
  }
`;

/** product-spec.md §5: the password policy, shown and checked as the user types. */
export function PasswordPolicyChecklist({
  policy,
  password,
  id,
}: {
  policy: PasswordPolicy;
  password: string;
  id?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <div id={id}>
      <span>{t('passwordPolicy.title')}</span>
      <List aria-live="polite">
        {checkPassword(policy, password).map(({ rule, met }) => (
          <li key={rule} data-met={met}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span>
            <span>
              {t(`passwordPolicy.${rule}`, { count: policy.minLength })}
              <VisuallyHidden>
                {' '}
                ({t(met ? 'passwordPolicy.met' : 'passwordPolicy.unmet')})
              </VisuallyHidden>
            </span>
          </li>
        ))}
      </List>
    </div>
  );
}
