/** What the customer's message says when they turn every suggestion of the bot down. */
export const noneOfTheseText = 'None of these';
