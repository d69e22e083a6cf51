import { describe, expect, it } from 'vitest';
import { renderContactMails } from './mail-templates.server.ts';

const shop = { name: 'Shop', address: 'Straße 1', email: 'shop@example.org', phone: '+49 1', vatId: 'DE1' };
const message = (locale: 'de' | 'en') => ({
  topic: { de: 'Frage', own: 'Question' },
  name: 'Ada',
  email: 'ada@example.org',
  message: 'Hallo',
  locale,
});

describe('renderContactMails', () => {
  it("names the sender's language in its own name in the shop's mail (issue 32 item 6: a translation)", () => {
    expect(renderContactMails(message('en'), shop).toShop.text).toMatch(/Sprache:?\s+English/);
    expect(renderContactMails(message('de'), shop).toShop.text).toMatch(/Sprache:?\s+Deutsch/);
  });
});
