import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  ApiError,
  call,
  identityEndpoints,
  session,
  uploadFile,
  userPhotoPath,
  type User,
} from 'shared-sdk';
import { Button, Spinner, useToast } from 'shared-ui';
import { FileButton, apiErrorMessage } from 'shared-ui/controls';
import { UserAvatar } from '../../../components/user-avatar';

const PhotoRow = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 16px;
  align-items: start;
`;

const PhotoControls = styled.div`
  display: grid;
  gap: 8px;
  justify-items: start;
  min-width: 0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const Label = styled.span`
  font-weight: 600;
`;

const Hint = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const Pending = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

type PhotoState =
  { status: 'idle' } | { status: 'uploading'; preview: string | null } | { status: 'removing' };

/** A local preview of the chosen file while it uploads (none where the browser cannot). */
function previewOf(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

/**
 * The profile photo (product-spec.md §3 photoUrl, §7 "File uploads"): the chosen image is uploaded to
 * images/users/{id}/{file name}, then saved as the profile's photoUrl; or the photo is removed.
 * Saved on its own, apart from the profile form.
 */
export function ProfilePhoto({
  profile,
  names,
  onSaved,
}: {
  profile: User;
  /** What the form holds now, for the initials shown without a photo. */
  names: { firstName: string; lastName: string; email: string };
  onSaved: (user: User) => void;
}) {
  const { t } = useTranslation('my-account');
  const { t: tCommon } = useTranslation('common');
  const inputId = useId();
  const hintId = useId();
  const toast = useToast();
  const [state, setState] = useState<PhotoState>({ status: 'idle' });

  const preview = state.status === 'uploading' ? state.preview : null;
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function save(photoUrl: string | null) {
    const updated = await call(identityEndpoints.updateProfile, { photoUrl });
    session().setUser(updated);
    onSaved(updated);
  }

  function failed(error: unknown) {
    const message =
      error instanceof ApiError && error.status === 413
        ? t('photo.tooLarge')
        : apiErrorMessage(tCommon, error, t('photo.failed'));
    setState({ status: 'idle' });
    toast.error(message);
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    setState({ status: 'uploading', preview: previewOf(file) });
    try {
      const stored = await uploadFile(userPhotoPath(profile.id, file.name), file, file.name);
      await save(stored.url);
      setState({ status: 'idle' });
      toast.success(t('photo.saved'));
    } catch (error) {
      failed(error);
    }
  }

  async function remove() {
    setState({ status: 'removing' });
    try {
      await save(null);
      setState({ status: 'idle' });
      toast.success(t('photo.removed'));
    } catch (error) {
      failed(error);
    }
  }

  const busy = state.status === 'uploading' || state.status === 'removing';
  return (
    <PhotoRow role="group" aria-labelledby={`${inputId}-title`}>
      <UserAvatar size={72} photoUrl={preview ?? profile.photoUrl} {...names} />
      <PhotoControls>
        <Label id={`${inputId}-title`}>{t('photo.label')}</Label>
        <Actions>
          <FileButton
            accept="image/*"
            disabled={busy}
            aria-describedby={hintId}
            onFiles={([file]) => void upload(file)}
          >
            {profile.photoUrl ? t('photo.change') : t('photo.choose')}
          </FileButton>
          {profile.photoUrl ? (
            <Button type="button" $variant="ghost" disabled={busy} onClick={() => void remove()}>
              {t('photo.remove')}
            </Button>
          ) : null}
        </Actions>
        <Hint id={hintId}>{t('photo.hint')}</Hint>
        <div role="status" aria-live="polite">
          {busy ? (
            <Pending>
              <Spinner />
              {state.status === 'uploading' ? t('photo.uploading') : t('photo.removing')}
            </Pending>
          ) : null}
        </div>
      </PhotoControls>
    </PhotoRow>
  );
}
