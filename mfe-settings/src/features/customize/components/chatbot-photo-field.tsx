import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ApiError, chatbotPhotoPath, storedImageSources, uploadFile } from 'shared-sdk';
import { Button, FileButton, Spinner, apiErrorMessage, useToast } from 'shared-ui';

const Row = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 16px;
  align-items: start;
`;

const Frame = styled.div`
  display: grid;
  place-items: center;
  width: 96px;
  height: 96px;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surface};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Controls = styled.div`
  display: grid;
  gap: 8px;
  justify-items: start;
  min-width: 0;
  > span:first-child {
    font-weight: 600;
  }
`;

const Hint = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** A local preview of the chosen file while it uploads (none where the browser cannot). */
const previewOf = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

/**
 * The chatbot's photo: uploaded to images/chatbots/{workspaceId}-{chatbotId}/ as soon as it is
 * chosen (so the preview shows it), shown round as webp at 1x and 2x (spec §9). The form saves
 * the URL with the chatbot.
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
  const { t: tCommon } = useTranslation('common');
  const titleId = useId();
  const hintId = useId();
  const toast = useToast();
  const [preview, setPreview] = useState<string | null>(null);
  const uploading = preview !== null;

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function upload(file: File | undefined) {
    if (!file) return;
    setPreview(previewOf(file) ?? '');
    onBusy(true);
    try {
      const stored = await uploadFile(chatbotPhotoPath(workspaceId, chatbotId, file.name), file);
      onChange(stored.url);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status === 413
          ? t('photo.tooLarge')
          : apiErrorMessage(tCommon, error, t('photo.failed')),
      );
    } finally {
      setPreview(null);
      onBusy(false);
    }
  }

  const shown = preview || photoUrl;
  return (
    <Row role="group" aria-labelledby={titleId}>
      <Frame>
        {shown ? (
          <img
            alt={t('photo.alt', { name })}
            {...(preview ? { src: preview } : storedImageSources(shown, 96))}
          />
        ) : null}
      </Frame>
      <Controls>
        <span id={titleId}>{t('photo.title')}</span>
        <FileButton
          accept="image/*"
          disabled={uploading}
          aria-describedby={hintId}
          onFiles={([file]) => void upload(file)}
        >
          {photoUrl ? t('photo.change') : t('photo.choose')}
        </FileButton>
        {photoUrl && !uploading ? (
          <Button type="button" $variant="ghost" onClick={() => onChange(null)}>
            {t('photo.remove')}
          </Button>
        ) : null}
        <Hint id={hintId}>{t('photo.hint')}</Hint>
        <div role="status" aria-live="polite">
          {uploading ? (
            <Hint>
              <Spinner /> {t('photo.uploading')}
            </Hint>
          ) : null}
        </div>
      </Controls>
    </Row>
  );
}
