import stem from 'wink-porter2-stemmer';

/**
 * Words customers and businesses use for the same thing in support questions, each group read as
 * its first word: a customer asking about "postage for my package" finds the pair on "shipping a
 * parcel". General e-commerce vocabulary, not any one business's: a word with a second common
 * meaning in shops ("charge" of a battery, "code" of an error, "box" of a bike, "hire" of staff)
 * is left out.
 */
const synonymGroups: readonly (readonly string[])[] = [
  ['shipping', 'ship', 'shipment', 'delivery', 'deliver', 'delivered', 'postage', 'dispatch'],
  ['parcel', 'package', 'packet'],
  ['refund', 'reimburse', 'reimbursement', 'moneyback'],
  ['return', 'sendback', 'bringback'],
  ['order', 'purchase', 'buy', 'bought'],
  ['price', 'cost', 'fee', 'pricing'],
  ['payment', 'pay', 'paying'],
  ['instalment', 'installment', 'instalments', 'installments', 'financing', 'finance'],
  ['discount', 'promo', 'promotion', 'voucher', 'coupon'],
  ['login', 'signin', 'logon'],
  ['signup', 'createaccount'],
  ['email', 'mail'],
  ['password', 'passcode', 'passwords'],
  ['newsletter', 'mailinglist'],
  ['unsubscribe', 'optout'],
  ['warranty', 'guarantee', 'guaranteed'],
  ['repair', 'fix', 'mend', 'repaired', 'fixed'],
  ['store', 'shop', 'showroom', 'branch'],
  ['bike', 'bicycle', 'bikes', 'bicycles'],
  ['ebike', 'pedelec', 'electricbike', 'electric'],
  ['cargo', 'bakfiets'],
  ['tyre', 'tire', 'tyres', 'tires'],
  ['colour', 'color', 'colours', 'colors'],
  ['child', 'children', 'kid', 'kids', 'toddler'],
  ['theft', 'stolen', 'stole', 'steal'],
  ['damaged', 'broken', 'damage'],
  ['wrong', 'incorrect'],
  ['delete', 'remove', 'erase'],
  ['change', 'update', 'edit', 'modify', 'amend'],
  ['track', 'tracking', 'trace'],
  ['late', 'delayed', 'delay', 'overdue'],
  ['carrier', 'courier'],
  ['phone', 'telephone', 'call'],
  ['lease', 'leasing'],
  ['receipt', 'proofofpurchase'],
  ['rent', 'rental'],
  ['uk', 'unitedkingdom', 'britain', 'greatbritain'],
  ['declined', 'refused', 'rejected', 'denied'],
  ['secondhand', 'preowned'],
  ['appointment', 'book', 'booking'],
];

/**
 * Phrases that are one word in the groups above ("send back" → "sendback"), joined before the
 * text is split into words.
 */
const phrases: readonly [RegExp, string][] = [
  [/\bsend(?:ing)? (?:it |them |this |that |items? |an item |something )?back\b/g, 'sendback'],
  [/\bbring(?:ing)? (?:it |them |this |that )?back\b/g, 'bringback'],
  [/\bmoney back\b/g, 'moneyback'],
  [/\b(?:sign|log)(?:ging)?[ -]?in(?:to)?\b/g, 'signin'],
  [/\bsign(?:ing)?[ -]?up\b/g, 'signup'],
  [/\bcreate (?:an |a new |my )?account\b/g, 'createaccount'],
  [/\bmailing list\b/g, 'mailinglist'],
  [/\bopt(?:ing)? out\b/g, 'optout'],
  [/\b(?:e|electric)[ -]?bikes?\b/g, 'electricbike'],
  [/\bproof of purchase\b/g, 'proofofpurchase'],
  [/\bunited kingdom\b/g, 'unitedkingdom'],
  [/\bgreat britain\b/g, 'greatbritain'],
  [/\bsecond[ -]?hand\b/g, 'secondhand'],
  [/\bpre[ -]?owned\b/g, 'preowned'],
  // "used bikes" are second-hand ones; "I used the bike" is not.
  [
    /\bused (?=(?:bikes?|bicycles?|e-?bikes?|cars?|items?|products?|goods|models?|ones)\b)/g,
    'secondhand ',
  ],
];

const canonicalStems = new Map<string, string>();
for (const [first, ...others] of synonymGroups) {
  const canonical = stem(first!);
  for (const word of others) canonicalStems.set(stem(word), canonical);
}

/** The stem that stands for `stemmed` and its synonyms. */
export function canonicalStem(stemmed: string): string {
  return canonicalStems.get(stemmed) ?? stemmed;
}

/** Lower-case text with the multi-word synonyms joined into one word each. */
export function joinPhrases(text: string): string {
  let joined = text;
  for (const [pattern, word] of phrases) joined = joined.replace(pattern, word);
  return joined;
}
