import type { Customer } from 'shared-sdk/schemas';

/** The customer's name as people read it, or null when they gave none (shown as Anonymous User). */
export function customerName(customer: Pick<Customer, 'firstName' | 'lastName'>): string | null {
  const name = [customer.firstName, customer.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}
