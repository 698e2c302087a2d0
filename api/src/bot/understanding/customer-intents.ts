import { indexTerms } from './english-terms';

/** The message with curly quotes straightened, lower case, spaces collapsed. */
function normalize(text: string): string {
  return text.replace(/[’‘]/g, "'").toLowerCase().replace(/\s+/g, ' ').trim();
}

const people =
  '(?:a |an |the |some |your )?(?:real |actual |live |human |proper )?' +
  '(?:human(?: being)?|person|people|someone|somebody|agent|representative|rep|operator|staff|' +
  'employee|team member|member of (?:your |the )?(?:team|staff)|manager|supervisor|advisor|adviser|' +
  'customer (?:service|support|care)(?: agent| rep| representative| team)?|support (?:team|agent|staff))';

/**
 * Requests for a person ("talk to a human", "agent please", "real person", "speak to someone").
 * Each needs a verb of reaching someone, or a word that only means a person, so that "is the
 * agent fee refundable?" or "someone stole my parcel" are questions, not requests.
 */
const personRequests = [
  // "can I talk to a human", "connect me with an agent", "put me through to someone"
  new RegExp(
    `\\b(?:talk|speak|chat|connect|transfer|escalate|put me through|pass me|hand me|get me|reach)` +
      `(?: me)?(?: (?:to|with|through to|over to|on to))? ${people}\\b`,
  ),
  // "I want a real person", "I'd like an agent", "need to speak to someone"
  new RegExp(
    `\\b(?:want|need|like|prefer|rather have|request|give me|get me)(?: to (?:talk|speak|chat) (?:to|with))? ${people}\\b`,
  ),
  // "real person", "live agent", "human please", "not a bot"
  /\b(?:real|actual|live|human) (?:person|people|human|agent|being|support)\b/,
  /\b(?:not|no) (?:a |the |this |more )?(?:bot|robot|machine|chatbot)\b/,
  /\b(?:are you|is this|am i talking to|am i speaking to|am i chatting with) (?:a |an )?(?:bot|robot|human|real person)\b/,
  // "agent please", "human!", "representative", "operator now"
  new RegExp(`^(?:${people})(?: please| pls| now| asap)?[.!?]*$`),
];

/** Did the customer ask for a person (handoff reason 'asked-for-person')? */
export function asksForPerson(text: string): boolean {
  const message = normalize(text);
  return personRequests.some((pattern) => pattern.test(message));
}

const greeting =
  /^(?:hi|hello|hey|hiya|howdy|yo|hallo|greetings|good (?:morning|afternoon|evening|day))(?: there| team| all| guys| folks| everyone)?[\s,.!?:;-]*/;
const thanks =
  /^(?:(?:ok(?:ay)?|great|perfect|cool|awesome|brilliant|lovely|nice|got it|understood|alright|all right)[\s,.!]+)?(?:thanks|thank you|thx|ty|cheers|many thanks|thanks a lot|thank you so much|much appreciated|appreciate it)(?: (?:so much|very much|a lot))?(?: for (?:your|the) help| for helping)?[\s,.!]*$/;
const acknowledgement =
  /^(?:ok(?:ay)?|k|great|perfect|cool|awesome|brilliant|lovely|nice|got it|understood|alright|all right|sounds good|fine|no worries)[\s,.!]*$/;

export type SmallTalk = 'greeting' | 'thanks' | 'acknowledgement';

/**
 * A message that is only a greeting, thanks or "ok": it asks nothing the training could answer,
 * and handing it to a person would waste their time.
 */
export function smallTalk(text: string): SmallTalk | null {
  const message = normalize(text);
  if (thanks.test(message)) return 'thanks';
  if (acknowledgement.test(message)) return 'acknowledgement';
  const match = greeting.exec(message);
  if (match && match[0].length === message.length) return 'greeting';
  return null;
}

/** "Hi, where is my order?" → "where is my order?": the greeting says nothing to look up. */
export function withoutGreeting(text: string): string {
  const match = greeting.exec(normalize(text));
  if (!match || match[0].length === 0) return text;
  const rest = text.trimStart().slice(match[0].length).trim();
  return rest || text;
}

const stockQuestion =
  /\b(?:in stock|out of stock|back in stock|stock|stocked|available|availability|have (?:any|some)|do you (?:have|carry|sell|stock)|can i (?:buy|get|order)|sold out|left)\b/;
const priceQuestion =
  /\b(?:how much|price|prices|priced|pricing|cost|costs|costing|cheap|expensive)\b/;

/** What a question about a product asks for: its stock, its price, or neither. */
export interface ProductQuestion {
  stock: boolean;
  price: boolean;
}

export function productQuestion(text: string): ProductQuestion {
  const message = normalize(text);
  return { stock: stockQuestion.test(message), price: priceQuestion.test(message) };
}

/**
 * Index terms of the words that ask for stock or price: a product's name and description do not
 * hold them, so they are not counted against a product's coverage of the question.
 */
export const productQuestionTerms: ReadonlySet<string> = new Set(
  indexTerms(
    'in stock out of stock back stocked available availability have any some carry sell buy get ' +
      'order sold left much price prices priced pricing cost costs costing cheap expensive',
  ),
);
