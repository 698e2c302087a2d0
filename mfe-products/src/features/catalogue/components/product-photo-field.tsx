import { useTranslation } from 'react-i18next';
import { productPhotoPath } from 'shared-sdk';
import { PhotoField } from 'shared-ui/controls';

/**
 * The product's photo: uploaded to images/products/{workspaceId}-{productId}/ as soon as it is
 * chosen (the product may not exist yet: its id is chosen by the form). The form saves the URL
 * with the product.
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
  return (
    <PhotoField
      uploadPath={(fileName) => productPhotoPath(workspaceId, productId, fileName)}
      photoUrl={photoUrl}
      onChange={onChange}
      onBusy={onBusy}
      labels={{
        title: t('form.photo'),
        alt: t('form.photoAlt', { name: name || t('form.newTitle') }),
        choose: t('form.photoChoose'),
        change: t('form.photoChange'),
        remove: t('form.photoRemove'),
        hint: t('form.photoHint'),
        uploading: t('form.photoUploading'),
        tooLarge: t('form.photoTooLarge'),
        failed: t('form.photoFailed'),
      }}
    />
  );
}
