import { z } from 'zod';

export const passwordPolicySchema = z.object({
  minLength: z.number().int().min(1),
  maxLength: z.number().int(),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumber: z.boolean(),
  requireSymbol: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

const email = z.email('Please enter a valid e-mail address').max(254);
const password = z.string().min(1, 'Please enter your password').max(256);
const optionalText = (max: number) => z.string().trim().max(max).nullable();

// product-spec.md §3 user. fullName, publicKey and canChangePassword are added on the client.
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  // 'password' for Parley's own accounts; Firebase's sign-in provider id for Firebase users.
  providerId: z.string().min(1).max(64),
  photoUrl: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  website: z.string().nullable(),
  countryCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  preferredLanguage: z.string(),
});
export type User = z.infer<typeof userSchema>;

// product-spec.md §3: the saved fields of a user.
export const profileUpdateSchema = z
  .object({
    email,
    website: z
      .union([z.url('Please enter a full web address, like https://example.com'), z.literal('')])
      .nullable(),
    photoUrl: optionalText(2048),
    firstName: z.string().trim().max(80),
    lastName: z.string().trim().max(80),
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Use a two-letter country code, like US')
      .nullable(),
    phoneNumber: z
      .string()
      .regex(/^[+()\d\s.-]{3,40}$/, 'Phone numbers may contain digits, spaces and + ( ) . -')
      .nullable(),
    preferredLanguage: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Unknown language'),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const signupRequestSchema = z.object({
  email,
  password,
  displayName: z.string().trim().min(1, 'Please tell us your name').max(160),
  website: z.url('Please enter a full web address, like https://example.com').optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({ email, password });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const authResponseSchema = z.object({
  user: userSchema,
  idToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until idToken expires. */
  expiresIn: z.number().int(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1) });
export const logoutRequestSchema = refreshRequestSchema;
export const passwordResetRequestSchema = z.object({ email });
export const passwordResetConfirmSchema = z.object({
  code: z.string().min(1),
  newPassword: password,
});
export const changePasswordRequestSchema = z.object({
  currentPassword: password,
  newPassword: password,
});
export const deleteAccountRequestSchema = z.object({ password });
export const sessionRequestSchema = z.object({ token: z.string() });

/** GET /api/user: whether the request is signed in (product-spec.md §7: the response decides). */
export const currentUserResponseSchema = z.object({
  loggedIn: z.boolean(),
  user: userSchema.nullable(),
});
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

// product-spec.md §8: auth errors come back with these codes (prefixed "auth/").
export const authErrorCodes = [
  'wrong-password',
  'invalid-email',
  'user-not-found',
  'email-already-in-use',
  'too-many-requests',
  'user-disabled',
  'user-token-expired',
  'invalid-credential',
  'requires-recent-login',
  'expired-action-code',
  'invalid-action-code',
  'password-does-not-meet-requirements',
  'network-request-failed',
] as const;
export type AuthErrorCode = `auth/${(typeof authErrorCodes)[number]}`;
