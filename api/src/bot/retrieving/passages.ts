/** Page passages are cut at paragraph, then sentence boundaries, to about this many characters. */
const passageTargetChars = 600;

/** Splits page text into passages of about `passageTargetChars`, at paragraphs then sentences. */
export function splitIntoPassages(text: string): string[] {
  const pieces: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const clean = paragraph.replace(/\s+/g, ' ').trim();
    if (!clean) continue;
    if (clean.length <= passageTargetChars) pieces.push(clean);
    else pieces.push(...(clean.match(/[^.!?]+(?:[.!?]+|$)/g) ?? [clean]).map((s) => s.trim()));
  }
  const passages: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + piece.length + 1 > passageTargetChars) {
      passages.push(current);
      current = piece;
    } else {
      current = current ? `${current} ${piece}` : piece;
    }
  }
  if (current) passages.push(current);
  return passages;
}
