import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ApiError, productPhotoPath, storedImageSources, uploadFile } from 'shared-sdk';
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
  border-radius: ${({ theme }) => theme.radii.md};
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
 * The product's photo: uploaded to images/products/{workspaceId}-{productId}/ as soon as it is
 * chosen (the product may not exist yet: its id is chosen by the form), shown as webp at 1x and
 * 2x (spec §9). The form saves the URL with the product.
 */
export function ProductPhotoField({
  workspaceId,
  productId,
  name,
  photoUrl,
  onChange,
  onBusy,
}: {
  workspaceId: string;
  productId: string;
  /** The product's name, for the image's text alternative. */
  name: string;
  photoUrl: string | null;
  onChange: (photoUrl: string | null) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation('catalogue');
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
      const stored = await uploadFile(productPhotoPath(workspaceId, productId, file.name), file);
      onChange(stored.url);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status === 413
          ? t('form.photoTooLarge')
          : apiErrorMessage(tCommon, error, t('form.photoFailed')),
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
            alt={t('form.photoAlt', { name: name || t('form.newTitle') })}
            {...(preview ? { src: preview } : storedImageSources(shown, 96))}
          />
        ) : null}
      </Frame>
      <Controls>
        <span id={titleId}>{t('form.photo')}</span>
        <FileButton
          accept="image/*"
          disabled={uploading}
          aria-describedby={hintId}
          onFiles={([file]) => void upload(file)}
        >
          {photoUrl ? t('form.photoChange') : t('form.photoChoose')}
        </FileButton>
        {photoUrl && !uploading ? (
          <Button type="button" $variant="ghost" onClick={() => onChange(null)}>
            {t('form.photoRemove')}
          </Button>
        ) : null}
        <Hint id={hintId}>{t('form.photoHint')}</Hint>
        <div role="status" aria-live="polite">
          {uploading ? (
            <Hint>
              <Spinner /> {t('form.photoUploading')}
            </Hint>
          ) : null}
        </div>
      </Controls>
    </Row>
  );
}
