-- Firebase Authentication as a sign-in provider (issue 16): a Parley user is created on the
-- first sign-in with a Firebase ID token and found by its Firebase uid afterwards.

alter table users
  -- Firebase's user id (the token's sub); null for accounts of Parley's own identity service.
  add column firebase_uid text unique,
  -- The token's firebase.sign_in_provider ('password', 'google.com', …); product-spec.md §3 providerId.
  add column provider_id text not null default 'password',
  -- Firebase keeps the password of its users; Parley keeps none for them.
  alter column password_hash drop not null,
  add constraint users_password_or_firebase
    check (password_hash is not null or firebase_uid is not null);
