/** Stripe's documented test cards (https://docs.stripe.com/testing) and the answers Stripe gives for them. */
const SUCCEEDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '6011000990139424',
  '3056930009020004',
  '36227206271667',
  '3566002020360505',
  '6200000000000005',
]);

const DECLINES: Record<string, { code: string; declineCode?: string; message: string }> = {
  '4000000000000002': {
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': { code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  '4000000000009979': {
    code: 'card_declined',
    declineCode: 'stolen_card',
    message: 'Your card was declined.',
  },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  '4242424242424241': { code: 'incorrect_number', message: 'Your card number is incorrect.' },
};

type CardOutcome =
  | { ok: true; brand: string; last4: string }
  | { ok: false; code: string; declineCode?: string; message: string };

function luhn(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const brandOf = (n: string) =>
  n.startsWith('4')
    ? 'visa'
    : /^(5[1-5]|2[2-7])/.test(n)
      ? 'mastercard'
      : /^3[47]/.test(n)
        ? 'amex'
        : /^6/.test(n)
          ? 'discover'
          : 'unknown';

/** What Stripe test mode answers for a card number (already stripped of spaces). */
export function cardOutcome(number: string): CardOutcome {
  const decline = DECLINES[number];
  if (decline) return { ok: false, ...decline };
  if (!luhn(number)) return { ok: false, code: 'incorrect_number', message: 'Your card number is invalid.' };
  if (SUCCEEDS.has(number)) return { ok: true, brand: brandOf(number), last4: number.slice(-4) };
  return {
    ok: false,
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message:
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  };
}
