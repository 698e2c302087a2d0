import { useTranslation } from 'react-i18next';
import { chatbotPhotoPath } from 'shared-sdk';
import { PhotoField } from 'shared-ui/controls';

/**
 * The chatbot's photo: uploaded to images/chatbots/{workspaceId}-{chatbotId}/ as soon as it is
 * chosen (so the preview shows it), shown round. The form saves the URL with the chatbot.
 */
export function ChatbotPhotoField({
  workspaceId,
  chatbotId,
  name,
  photoUrl,
  onChange,
  onBusy,
}: {
  workspaceId: string;
  chatbotId: string;
  /** The chatbot's name, for the image's text alternative. */
  name: string;
  photoUrl: string | null;
  onChange: (photoUrl: string | null) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation('customize');
  return (
    <PhotoField
      round
      uploadPath={(fileName) => chatbotPhotoPath(workspaceId, chatbotId, fileName)}
      photoUrl={photoUrl}
      onChange={onChange}
      onBusy={onBusy}
      labels={{
        title: t('photo.title'),
        alt: t('photo.alt', { name }),
        choose: t('photo.choose'),
        change: t('photo.change'),
        remove: t('photo.remove'),
        hint: t('photo.hint'),
        uploading: t('photo.uploading'),
        tooLarge: t('photo.tooLarge'),
        failed: t('photo.failed'),
      }}
    />
  );
}
