import { describe, expect, it } from 'vitest';
import { ContactMessageSchema, contactBodyFromForm } from './contact-schema.ts';
import { issuesToFieldKeys } from './field-errors.ts';

const VALID = {
  topic: 'change',
  name: ' Max Muster ',
  email: ' max@example.org ',
  message: '  Bitte Kennzeichen ändern.  ',
};

const errorsOf = (body: unknown) => {
  const result = ContactMessageSchema.safeParse(body);
  return result.success ? {} : issuesToFieldKeys(result.error.issues);
};

describe('ContactMessageSchema', () => {
  it('trims the fields and normalises a given reference', () => {
    const parsed = ContactMessageSchema.parse({ ...VALID, reference: ' 7k3q-zomd ' });
    expect(parsed).toEqual({
      topic: 'change',
      reference: '7K3QZ0MD',
      name: 'Max Muster',
      email: 'max@example.org',
      message: 'Bitte Kennzeichen ändern.',
    });
    expect(ContactMessageSchema.parse({ ...VALID, reference: '  ' }).reference).toBeUndefined();
    expect(ContactMessageSchema.parse({ ...VALID, reference: null }).reference).toBeUndefined();
  });

  it('names each bad field with a validation key', () => {
    expect(errorsOf({})).toEqual({
      topic: ['validation.contact.topic'],
      name: ['validation.required'],
      email: ['validation.required'],
      message: ['validation.required'],
    });
    expect(errorsOf({ ...VALID, reference: 'ABC' })).toEqual({ reference: ['validation.contact.reference'] });
    expect(errorsOf({ ...VALID, reference: 42 })).toEqual({ reference: ['validation.contact.reference'] });
    expect(errorsOf({ ...VALID, message: 'zu kurz  ' })).toEqual({ message: ['validation.contact.message_short'] });
    expect(errorsOf({ ...VALID, message: 'x'.repeat(5001) })).toEqual({ message: ['validation.too_long'] });
    expect(errorsOf({ ...VALID, name: 'x'.repeat(101) })).toEqual({ name: ['validation.too_long'] });
    expect(errorsOf({ ...VALID, name: 'Max\r\nBcc: x@example.org' })).toEqual({ name: ['validation.invalid'] });
    expect(errorsOf({ ...VALID, email: 'max@localhost' })).toEqual({ email: ['validation.email'] });
  });

  it('lets any honeypot value through (the service drops such a message)', () => {
    expect(ContactMessageSchema.parse({ ...VALID, website: 'https://spam.example' }).website).toBe(
      'https://spam.example',
    );
  });
});

describe('contactBodyFromForm', () => {
  it('reads the form fields as the wire body; missing and non-text fields are empty', () => {
    const form = new FormData();
    form.set('topic', 'invoice');
    form.set('name', 'Max');
    form.set('message', new Blob(['x']));
    expect(contactBodyFromForm(form)).toEqual({
      topic: 'invoice',
      reference: '',
      name: 'Max',
      email: '',
      message: '',
      website: '',
    });
  });
});
