import { useTranslation } from 'react-i18next';
import { Badge } from 'shared-ui';
import { chatNamespace } from '../i18n/chat-translations';

/**
 * Whether the customer proved who they are: the business's server signed their user id
 * (widget/README.md, identity verification). Unverified names and e-mails are what the visitor
 * typed or the page claimed, so agents should not act on them as on a verified account's.
 */
export function IdentityBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation(chatNamespace);
  return (
    <Badge
      $tone={verified ? 'open' : 'neutral'}
      title={t(verified ? 'identity.verifiedHint' : 'identity.notVerifiedHint')}
    >
      {t(verified ? 'identity.verified' : 'identity.notVerified')}
    </Badge>
  );
}
