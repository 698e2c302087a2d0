import type { WorkspaceUser } from 'shared-sdk';

/** A member's name as people read it; the e-mail address when the name is blank. */
export const memberName = (member: Pick<WorkspaceUser, 'firstName' | 'lastName' | 'email'>) =>
  [member.firstName, member.lastName].filter((part) => part.trim() !== '').join(' ') ||
  member.email;
