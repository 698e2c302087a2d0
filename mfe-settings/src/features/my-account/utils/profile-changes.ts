import type { ProfileUpdate, User } from 'shared-sdk';

// product-spec.md §3: the saved fields of a user this form edits. The language has its own page; the photo
// is uploaded and saved on its own (profile-photo.tsx), so the form never sends a stale photoUrl.
export const profileFields = [
  'firstName',
  'lastName',
  'email',
  'website',
  'countryCode',
  'phoneNumber',
] as const;
export type ProfileField = (typeof profileFields)[number];
export type ProfileValues = Record<ProfileField, string>;

export function toFormValues(user: User): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    website: user.website ?? '',
    countryCode: user.countryCode ?? '',
    phoneNumber: user.phoneNumber ?? '',
  };
}

const blankAsNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** profileUpdateSchema's input: optional details left blank are cleared (null). */
export function toProfileInput(values: ProfileValues) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email.trim(),
    website: blankAsNull(values.website),
    // The schema wants "US", people type "us".
    countryCode: blankAsNull(values.countryCode.toUpperCase()),
    phoneNumber: blankAsNull(values.phoneNumber),
  };
}

/** Only what differs from the saved profile; a blank and a missing value are the same. */
export function changedFields(update: ProfileUpdate, profile: User): ProfileUpdate {
  const changes: Record<string, unknown> = {};
  for (const name of profileFields) {
    const next = update[name];
    if (next !== undefined && (next ?? '') !== (profile[name] ?? '')) changes[name] = next;
  }
  return changes as ProfileUpdate;
}
