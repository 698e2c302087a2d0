import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ApiError, storedImageSources, uploadFile } from 'shared-sdk';
import { Button, Spinner, useToast } from 'shared-ui';
import { apiErrorMessage } from './api-error-message';
import { FileButton } from './file-button';

const Row = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 16px;
  align-items: start;
`;

const Frame = styled.div<{ $round: boolean }>`
  display: grid;
  place-items: center;
  width: 96px;
  height: 96px;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme, $round }) => ($round ? '50%' : theme.radii.md)};
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

/** What the field says, in the page's words. */
export interface PhotoFieldLabels {
  title: string;
  /** The image's text alternative. */
  alt: string;
  choose: string;
  change: string;
  remove: string;
  hint: string;
  uploading: string;
  /** The server refused the file's size (413). */
  tooLarge: string;
  failed: string;
}

/**
 * A stored photo (a product's, a chatbot's): uploaded to `uploadPath(file name)` as soon as it is
 * chosen, with a local preview meanwhile, then shown as webp at 1x and 2x (product-spec.md §9). The form
 * around it saves the URL it reports with `onChange`.
 */
export function PhotoField({
  uploadPath,
  photoUrl,
  onChange,
  onBusy,
  labels,
  round = false,
}: {
  uploadPath: (fileName: string) => string;
  photoUrl: string | null;
  onChange: (photoUrl: string | null) => void;
  onBusy: (busy: boolean) => void;
  labels: PhotoFieldLabels;
  /** Shown in a circle, as an avatar is. */
  round?: boolean;
}) {
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
      const stored = await uploadFile(uploadPath(file.name), file);
      onChange(stored.url);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status === 413
          ? labels.tooLarge
          : apiErrorMessage(tCommon, error, labels.failed),
      );
    } finally {
      setPreview(null);
      onBusy(false);
    }
  }

  const shown = preview || photoUrl;
  return (
    <Row role="group" aria-labelledby={titleId}>
      <Frame $round={round}>
        {shown ? (
          <img alt={labels.alt} {...(preview ? { src: preview } : storedImageSources(shown, 96))} />
        ) : null}
      </Frame>
      <Controls>
        <span id={titleId}>{labels.title}</span>
        <FileButton
          accept="image/*"
          disabled={uploading}
          aria-describedby={hintId}
          onFiles={([file]) => void upload(file)}
        >
          {photoUrl ? labels.change : labels.choose}
        </FileButton>
        {photoUrl && !uploading ? (
          <Button type="button" $variant="ghost" onClick={() => onChange(null)}>
            {labels.remove}
          </Button>
        ) : null}
        <Hint id={hintId}>{labels.hint}</Hint>
        <div role="status" aria-live="polite">
          {uploading ? (
            <Hint>
              <Spinner /> {labels.uploading}
            </Hint>
          ) : null}
        </div>
      </Controls>
    </Row>
  );
}
