import { formatPrice, lowStockThreshold } from 'shared-sdk';
import type { ProductCard } from 'shared-sdk/schemas';
import type { ProductQuestion } from '../understanding/customer-intents';
import type { ProductTraining } from '../retrieving/training-documents';
import type { TrainingIndex } from '../retrieving/training-index';
import type { TrainingHit } from '../retrieving/training-search';
import type { Passage } from '../deciding/bot-reply';

// The words of an answer from the training: a pair's answer as taught, a product's facts and
// description in plain English, a page's passage; and each as the language model reads it.

/** The price as the widget's product card says it; a bare amount when no currency is set. */
const priceOf = (product: ProductTraining): string =>
  formatPrice(product.price, product.currency, 'en-US');

/** What the widget shows beside an answer about `product`. */
export function productCardOf(product: ProductTraining): ProductCard {
  return {
    productId: product.id,
    name: product.name,
    price: product.price,
    currency: product.currency ?? 'USD',
    stock: product.stock,
    photoUrl: product.photoUrl ?? null,
  };
}

/** "Is X in stock", "how much is X": answered from the product's fields, in plain English. */
export function productFactsAnswer(product: ProductTraining, asked: ProductQuestion): string {
  const sentences: string[] = [];
  const available = product.status === 'active';
  if (asked.price) sentences.push(`${product.name} costs ${priceOf(product)}.`);
  if (!available) sentences.push(`Sorry, ${product.name} is not available at the moment.`);
  else if (asked.stock && product.stock > lowStockThreshold)
    sentences.push(`Yes, ${product.name} is in stock.`);
  else if (asked.stock && product.stock > 0)
    sentences.push(`Yes, ${product.name} is in stock, but only ${product.stock} left.`);
  else if (asked.stock) sentences.push(`Sorry, ${product.name} is out of stock at the moment.`);
  return sentences.join(' ');
}

export function productDescriptionAnswer(product: ProductTraining): string {
  return [`${product.name}: ${product.description}`.trim(), product.salesPitch?.trim()]
    .filter(Boolean)
    .join(' ');
}

export function productPassage(product: ProductTraining): string {
  return [
    `Product: ${product.name} (SKU ${product.sku})`,
    `Description: ${product.description}`,
    product.salesPitch ? `Sales pitch: ${product.salesPitch}` : '',
    `Price: ${priceOf(product)}`,
    `Status: ${product.status === 'active' ? 'available' : 'not available'}`,
    `In stock: ${product.stock}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The hit's training as the model sees it; undefined when it left the index meanwhile. */
export function passageOf(
  index: TrainingIndex,
  hit: Pick<TrainingHit, 'kind' | 'id' | 'passage'>,
): Passage | undefined {
  const source = { kind: hit.kind, id: hit.id };
  if (hit.kind === 'qna') {
    const qna = index.qna(hit.id);
    return qna && { source, text: `Question: ${qna.question}\nAnswer: ${qna.answer}` };
  }
  if (hit.kind === 'product') {
    const product = index.product(hit.id);
    return product && { source, text: productPassage(product) };
  }
  return hit.passage && { source, text: `Page: ${hit.passage.title}\n${hit.passage.text}` };
}

/** The best hit's answer as it is in the training. */
export function answerText(index: TrainingIndex, hit: TrainingHit, asked: ProductQuestion) {
  if (hit.kind === 'qna') return index.qna(hit.id)?.answer;
  if (hit.kind === 'product') {
    const product = index.product(hit.id);
    if (!product) return undefined;
    return asked.stock || asked.price
      ? productFactsAnswer(product, asked)
      : productDescriptionAnswer(product);
  }
  return hit.passage?.text;
}
