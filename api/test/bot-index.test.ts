import { decideReply } from '../src/bot/deciding/bot-reply';
import { asksForPerson, smallTalk } from '../src/bot/understanding/customer-intents';
import { indexTerms } from '../src/bot/understanding/english-terms';
import { splitIntoPassages } from '../src/bot/retrieving/passages';
import type {
  ProductTraining,
  QnaTraining,
  WebPageTraining,
} from '../src/bot/retrieving/training-documents';
import { TrainingIndex } from '../src/bot/retrieving/training-index';

const qnas: QnaTraining[] = [
  {
    id: 'refunds',
    question: 'How long do refunds take?',
    answer: 'Refunds reach your card within 5 to 7 working days of us receiving the return.',
    topicIds: ['Returns'],
  },
  {
    id: 'shipping-cost',
    question: 'How much does shipping cost?',
    answer: 'Standard shipping is free on orders over 50 euros, otherwise 4.95 euros.',
    topicIds: ['Shipping'],
  },
  {
    id: 'international',
    question: 'Do you ship internationally?',
    answer: 'We ship to every country of the European Union, the UK, Norway and Switzerland.',
    topicIds: ['Shipping'],
  },
  {
    id: 'password',
    question: 'How do I reset my password?',
    answer: 'Choose "Forgot password" on the sign-in page and follow the link we e-mail you.',
    topicIds: ['Account'],
  },
  {
    id: 'payment-methods',
    question: 'Which payment methods do you accept?',
    answer: 'We accept Visa, Mastercard, American Express, PayPal and bank transfer.',
    topicIds: ['Payments'],
  },
];

const products: ProductTraining[] = [
  {
    id: 'trail-500',
    sku: 'TR-500-BL',
    name: 'Trail 500 mountain bike',
    description: 'Aluminium hardtail mountain bike with 29-inch wheels and hydraulic disc brakes.',
    status: 'active',
    price: 899,
    stock: 4,
    salesPitch: 'Our best seller for forest trails.',
    currency: 'EUR',
  },
  {
    id: 'city-lock',
    sku: 'LK-220',
    name: 'CityGuard folding lock',
    description: 'Folding steel lock, level 12 security, with frame holder.',
    status: 'active',
    price: 64.5,
    stock: 0,
  },
  {
    id: 'kids-helmet',
    sku: 'HM-KIDS-S',
    name: 'Kids helmet',
    description: 'Lightweight helmet for children, sizes 48 to 52 cm.',
    status: 'disabled',
    price: 29,
    stock: 12,
  },
];

const pages: WebPageTraining[] = [
  {
    id: 'workshop',
    url: 'https://bikes.example/workshop',
    title: 'Our workshop',
    text:
      'Our workshop services every brand of bicycle.\n\n' +
      'A standard service costs 59 euros and includes gears, brakes and a safety check. ' +
      'Book a slot online or drop in on weekday mornings.',
  },
];

function buildIndex() {
  const index = new TrainingIndex();
  index.upsertQnas(qnas);
  index.upsertProducts(products);
  index.upsertWebPages(pages);
  return index;
}

function answer(index: TrainingIndex, text: string) {
  return decideReply(index, text, undefined).reply;
}

describe('bot index: terms', () => {
  it('stems words, so "refunds" and "refunding" are the term of "refund"', () => {
    expect(indexTerms('refunds refunding refunded')).toEqual(['refund', 'refund', 'refund']);
  });

  it('drops stop words and folds case and accents', () => {
    expect(indexTerms('What is the Café of the museum?')).toEqual(['cafe', 'museum']);
  });

  it('reads support synonyms and their phrases as one term', () => {
    expect(indexTerms('postage for my package')).toEqual(indexTerms('shipping a parcel'));
    expect(indexTerms('how do I send it back')).toEqual(indexTerms('how do I return it'));
    expect(indexTerms('log in')).toEqual(indexTerms('sign-in'));
    expect(indexTerms('ship to the UK')).toEqual(indexTerms('deliver to the United Kingdom'));
    expect(indexTerms('used bikes')).toEqual(indexTerms('second-hand bikes'));
    expect(indexTerms('I used the bike')).not.toContain(indexTerms('second-hand')[0]);
  });

  it('drops the words that only frame a question', () => {
    expect(indexTerms('is it possible to get something delivered')).toEqual(
      indexTerms('get delivered'),
    );
  });
});

describe('bot index: retrieval', () => {
  const index = buildIndex();

  it('finds a pair by another form of its words', () => {
    const { hits } = index.find('refund timing');
    expect(hits[0]).toMatchObject({ kind: 'qna', id: 'refunds' });
  });

  it('tolerates a typo', () => {
    const { hits } = index.find('do you ship internationaly');
    expect(hits[0]).toMatchObject({ kind: 'qna', id: 'international' });
    expect(hits[0]!.coverage).toBeGreaterThan(0.5);
  });

  it('ranks the pair whose question matches above one whose answer mentions the words', () => {
    // "card" is in the refunds answer; "payment" is in the question of the payment pair.
    const { hits } = index.find('card payment methods');
    expect(hits[0]).toMatchObject({ kind: 'qna', id: 'payment-methods' });
  });

  it('has no terms for a message of stop words only', () => {
    expect(index.find('what is it?')).toEqual({ terms: [], hits: [] });
  });

  it('finds a product by its SKU', () => {
    const { hits } = index.find('tr-500-bl');
    expect(hits[0]).toMatchObject({ kind: 'product', id: 'trail-500' });
  });
});

describe('bot replies from training', () => {
  const index = buildIndex();

  it('answers with the pair’s answer as it is', () => {
    expect(answer(index, 'How long does a refund take?')).toEqual({
      kind: 'answer',
      content: qnas[0]!.answer,
      sources: [{ kind: 'qna', id: 'refunds' }],
    });
  });

  it('answers a greeting followed by a question from the question', () => {
    expect(answer(index, 'Hi there! how do i reset my password')).toMatchObject({
      kind: 'answer',
      sources: [{ kind: 'qna', id: 'password' }],
    });
  });

  it('says whether a product is in stock, from its stock and status', () => {
    expect(answer(index, 'Is the Trail 500 in stock?')).toEqual({
      kind: 'answer',
      content: 'Yes, Trail 500 mountain bike is in stock, but only 4 left.',
      sources: [{ kind: 'product', id: 'trail-500' }],
      productCard: {
        productId: 'trail-500',
        name: 'Trail 500 mountain bike',
        price: 899,
        currency: 'EUR',
        stock: 4,
        photoUrl: null,
      },
    });
    expect(answer(index, 'is the cityguard lock in stock')).toMatchObject({
      content: 'Sorry, CityGuard folding lock is out of stock at the moment.',
    });
    const unavailable = answer(index, 'do you have the kids helmet in stock?');
    expect(unavailable).toMatchObject({
      content: 'Sorry, Kids helmet is not available at the moment.',
    });
    // Nothing to offer: no card.
    expect(unavailable).not.toHaveProperty('productCard');
  });

  it('says how much a product is, in its currency when it has one', () => {
    expect(answer(index, 'How much is the Trail 500 mountain bike?')).toMatchObject({
      content: 'Trail 500 mountain bike costs €899.00.',
      sources: [{ kind: 'product', id: 'trail-500' }],
    });
    expect(answer(index, 'what is the price of the CityGuard folding lock')).toMatchObject({
      content: 'CityGuard folding lock costs 64.50.',
    });
  });

  it('answers "how much" about shipping from the pair, not a product', () => {
    expect(answer(index, 'how much is shipping?')).toMatchObject({
      sources: [{ kind: 'qna', id: 'shipping-cost' }],
    });
  });

  it('describes a product asked about without price or stock', () => {
    expect(answer(index, 'tell me about the trail 500 mountain bike')).toMatchObject({
      content: `Trail 500 mountain bike: ${products[0]!.description} ${products[0]!.salesPitch}`,
    });
  });

  it('answers from the passage of a web page that holds the answer', () => {
    expect(answer(index, 'what does a workshop service include?')).toEqual({
      kind: 'answer',
      content:
        'Our workshop services every brand of bicycle. A standard service costs 59 euros and ' +
        'includes gears, brakes and a safety check. Book a slot online or drop in on weekday mornings.',
      sources: [{ kind: 'webpage', id: 'workshop' }],
      sourceLink: { url: 'https://bikes.example/workshop', title: 'Our workshop' },
    });
  });

  it('hands over what the training does not cover instead of answering', () => {
    for (const question of [
      'Are you hiring at the moment?',
      'Do you sell gift vouchers?',
      'What is the weather like tomorrow?',
      'Can I rent a tandem for the weekend?',
    ]) {
      expect(answer(index, question)).toEqual({
        kind: 'handoff',
        reason: 'not-confident',
        content:
          "I'm not sure about that one, so I've asked a member of our team to join. They'll reply here shortly.",
      });
    }
  });

  it('hands over when asked for a person', () => {
    expect(answer(index, 'Can I talk to a human please?')).toEqual({
      kind: 'handoff',
      reason: 'asked-for-person',
      content: "Of course — I've asked a member of our team to join. They'll reply here shortly.",
    });
  });

  it('replies to a greeting or thanks alone without stating anything', () => {
    expect(answer(index, 'Hello!')).toEqual({
      kind: 'answer',
      content: 'Hello! How can I help?',
      sources: [],
    });
    expect(answer(index, 'thanks a lot!')).toMatchObject({
      content: "You're welcome! Is there anything else I can help with?",
    });
  });
});

describe('bot index: changes', () => {
  it('forgets a removed pair', () => {
    const index = buildIndex();
    index.removeQnas(['refunds']);
    expect(index.find('refunds').hits.map((hit) => hit.id)).not.toContain('refunds');
    expect(answer(index, 'How long do refunds take?')).toMatchObject({ kind: 'handoff' });
    expect(index.qnaIds()).not.toContain('refunds');
  });

  it('answers from the new text of an updated pair, and no longer from the old', () => {
    const index = buildIndex();
    index.upsertQnas([
      {
        id: 'password',
        question: 'How do I change my e-mail address?',
        answer: 'Open My account, then Profile, and enter the new address.',
        topicIds: ['Account'],
      },
    ]);
    expect(answer(index, 'how can I change my email address')).toMatchObject({
      content: 'Open My account, then Profile, and enter the new address.',
      sources: [{ kind: 'qna', id: 'password' }],
    });
    expect(answer(index, 'How do I reset my password?')).toMatchObject({ kind: 'handoff' });
  });

  it('removes and updates products and pages', () => {
    const index = buildIndex();
    index.upsertProducts([{ ...products[0]!, stock: 0 }]);
    expect(answer(index, 'is the trail 500 in stock')).toMatchObject({
      content: 'Sorry, Trail 500 mountain bike is out of stock at the moment.',
    });
    index.removeProducts(['trail-500']);
    expect(index.find('trail 500').hits.some((hit) => hit.id === 'trail-500')).toBe(false);
    index.removeWebPages(['workshop']);
    expect(index.find('workshop service').hits.some((hit) => hit.kind === 'webpage')).toBe(false);
    expect(index.size).toBe(qnas.length + products.length - 1);
  });

  it('cuts long pages into passages at paragraph and sentence boundaries', () => {
    const sentence = 'Every order ships from our warehouse in Utrecht within two working days. ';
    const passages = splitIntoPassages(`Intro.\n\n${sentence.repeat(20)}`);
    expect(passages.length).toBeGreaterThan(1);
    for (const passage of passages) expect(passage.length).toBeLessThanOrEqual(600);
    expect(passages[0]!.startsWith('Intro. Every order')).toBe(true);
  });
});

describe('requests for a person', () => {
  it.each([
    'talk to a human',
    'Can I speak to someone?',
    'agent please',
    'I want a real person',
    "I'd like to speak with an agent",
    'connect me with customer service',
    'Representative!',
    'are you a bot?',
    'put me through to a member of your team',
  ])('"%s" asks for a person', (text) => {
    expect(asksForPerson(text)).toBe(true);
  });

  it.each([
    'Is the agent fee refundable?',
    'Someone stole my parcel from the doorstep',
    'How do I add a person to my account?',
    'Can I get support for my warranty claim?',
  ])('"%s" is a question, not a request for a person', (text) => {
    expect(asksForPerson(text)).toBe(false);
  });

  it('tells small talk from questions', () => {
    expect(smallTalk('Good morning!')).toBe('greeting');
    expect(smallTalk('ok thanks')).toBe('thanks');
    expect(smallTalk('got it')).toBe('acknowledgement');
    expect(smallTalk('hi, where is my order?')).toBeNull();
  });
});
