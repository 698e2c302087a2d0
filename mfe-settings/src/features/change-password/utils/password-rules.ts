import type { PasswordPolicy } from 'shared-sdk';
import { defaultMinPasswordLength } from 'shared-sdk';
import { checkPassword } from 'shared-ui/controls';

/**
 * product-spec.md §5/§9: the policy comes from the server; if it cannot be loaded, the default minimum
 * length still applies (the server checks the full policy again).
 */
export const fallbackPasswordPolicy: PasswordPolicy = {
  minLength: defaultMinPasswordLength,
  maxLength: 256,
  requireLowercase: false,
  requireUppercase: false,
  requireNumber: false,
  requireSymbol: false,
};

export const meetsPolicy = (policy: PasswordPolicy, password: string) =>
  password.length <= policy.maxLength && checkPassword(policy, password).every(({ met }) => met);
