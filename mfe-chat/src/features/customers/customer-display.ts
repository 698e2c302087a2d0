import type { CustomerRecord } from 'shared-sdk/schemas';
import { customerName } from '../../utils/customer-name';

/** How the Customers page names a customer: their name, "Anonymous User" or "Erased customer". */
export function customerLabel(
  t: (key: 'anonymous' | 'erased') => string,
  customer: Pick<CustomerRecord, 'firstName' | 'lastName' | 'erasedAt'>,
): string {
  if (customer.erasedAt) return t('erased');
  return customerName(customer) ?? t('anonymous');
}
