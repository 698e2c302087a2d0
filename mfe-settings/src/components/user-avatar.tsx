import { useState } from 'react';
import styled from 'styled-components';
import { storedImageSources } from 'shared-sdk';

const Circle = styled.span<{ $size: number }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => `${$size}px`};
  height: ${({ $size }) => `${$size}px`};
  overflow: hidden;
  border-radius: 50%;
  font-size: ${({ $size }) => `${Math.round($size * 0.4)}px`};
  font-weight: 700;
  line-height: 1;
  color: ${({ theme }) => theme.colors.textPrimary};
  background: ${({ theme }) => theme.colors.lightGrey200};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** Up to two letters: first and last name, else the e-mail address's first letter. */
export function initialsOf({
  firstName,
  lastName,
  email,
}: {
  firstName: string;
  lastName: string;
  email: string;
}): string {
  const fromName = [firstName, lastName]
    .map((part) => part.trim().charAt(0))
    .join('')
    .toUpperCase();
  return fromName || email.trim().charAt(0).toUpperCase() || '?';
}

/**
 * Only web addresses (and blob: previews of a file being uploaded) are shown as images; anything
 * else falls back to initials.
 */
function isImageAddress(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' || protocol === 'blob:';
  } catch {
    return false;
  }
}

/**
 * A round photo, or the person's initials when there is no photo or it fails to load. It is
 * decorative: the person's name is always written next to it.
 */
export function UserAvatar({
  photoUrl,
  firstName,
  lastName,
  email,
  size = 40,
}: {
  photoUrl: string | null | undefined;
  firstName: string;
  lastName: string;
  email: string;
  size?: number;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = photoUrl?.trim();
  const showPhoto = isImageAddress(url) && url !== failedUrl;
  return (
    <Circle $size={size} aria-hidden="true" data-testid="user-avatar">
      {showPhoto ? (
        // A stored photo comes as webp in densities 1 and 2 (product-spec.md §9).
        <img {...storedImageSources(url, size)} alt="" onError={() => setFailedUrl(url)} />
      ) : (
        initialsOf({ firstName, lastName, email })
      )}
    </Circle>
  );
}
