import { useEffect, useState } from 'react';
import { call, identityEndpoints, type PasswordPolicy, defaultMinPasswordLength } from 'shared-sdk';

// product-spec.md §5/§9: minimum length 6 by default; the rest of the policy comes from the server.
const fallbackPolicy: PasswordPolicy = {
  minLength: defaultMinPasswordLength,
  maxLength: 256,
  requireLowercase: false,
  requireUppercase: false,
  requireNumber: false,
  requireSymbol: false,
};

export function usePasswordPolicy(): PasswordPolicy {
  const [policy, setPolicy] = useState(fallbackPolicy);
  useEffect(() => {
    let current = true;
    call(identityEndpoints.passwordPolicy).then(
      (loaded) => current && setPolicy(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return policy;
}
