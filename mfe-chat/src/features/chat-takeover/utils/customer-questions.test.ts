import { buildMessage } from '@testing/data-generators';
import { customerQuestions } from './customer-questions';

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

describe('customerQuestions', () => {
  it('gives each agent reply the customer\'s latest question before it, not their "None of these"', () => {
    const messages = [
      buildMessage({
        id: 'q1',
        role: 'user',
        content: 'Do you rent out kayaks?',
        timestamp: at(1),
      }),
      buildMessage({ id: 'b1', role: 'bot', content: 'Did you mean…', timestamp: at(2) }),
      buildMessage({ id: 'n1', role: 'user', content: 'None of these', timestamp: at(3) }),
      buildMessage({
        id: 'a1',
        role: 'agent',
        content: 'Yes, 40 dollars a day.',
        timestamp: at(4),
      }),
      buildMessage({ id: 'q2', role: 'user', content: 'And canoes?', timestamp: at(5) }),
      buildMessage({ id: 'a2', role: 'agent', content: 'Canoes too.', timestamp: at(6) }),
    ];
    expect(customerQuestions(messages)).toEqual(
      new Map([
        ['a1', 'Do you rent out kayaks?'],
        ['a2', 'And canoes?'],
      ]),
    );
  });

  it('gives nothing to an agent message no customer question came before', () => {
    const messages = [
      buildMessage({ id: 'a1', role: 'agent', content: 'Hello!', timestamp: at(1) }),
    ];
    expect(customerQuestions(messages).size).toBe(0);
  });
});
