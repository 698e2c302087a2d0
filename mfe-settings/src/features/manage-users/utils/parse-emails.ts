/**
 * The addresses typed or pasted into the "Add people" box: separated by commas, semicolons, new
 * lines or spaces (none can be part of an address), each once whatever its case.
 */
export function parseEmailList(text: string): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const email = part.trim();
    if (email === '' || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    emails.push(email);
  }
  return emails;
}
