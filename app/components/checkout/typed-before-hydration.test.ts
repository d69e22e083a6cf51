import { describe, expect, it } from 'vitest';
import { fieldsTypedBeforeHydration, type FormControlLike } from './typed-before-hydration.ts';

const input = (name: string, value: string, defaultValue: string, type = 'text'): FormControlLike => ({
  tagName: 'INPUT',
  name,
  type,
  value,
  defaultValue,
});

describe('fieldsTypedBeforeHydration', () => {
  it('gives the text fields whose value differs from the HTML, by name', () => {
    const form = {
      elements: [
        input('licensePlate', 'F-RR 12', ''),
        input('outboundFlightNumber', '', ''),
        input('email', 'rita@example.org', 'old@example.org', 'email'),
        { tagName: 'TEXTAREA', name: 'comment', value: 'Hallo', defaultValue: '' },
      ],
    };
    expect(fieldsTypedBeforeHydration(form)).toEqual({
      licensePlate: 'F-RR 12',
      email: 'rita@example.org',
      comment: 'Hallo',
    });
  });

  it('gives a select whose choice changed and a radio button checked since, not the unchanged ones', () => {
    const option = (selected: boolean, defaultSelected: boolean) => ({ selected, defaultSelected });
    const form = {
      elements: [
        { tagName: 'SELECT', name: 'country', value: 'AT', options: [option(false, true), option(true, false)] },
        { tagName: 'SELECT', name: 'phoneCountry', value: 'DE', options: [option(true, true), option(false, false)] },
        { tagName: 'INPUT', type: 'radio', name: 'gender', value: 'MRS', checked: true, defaultChecked: false },
        { tagName: 'INPUT', type: 'radio', name: 'gender', value: 'MR', checked: false, defaultChecked: true },
        { tagName: 'INPUT', type: 'radio', name: 'payment', value: 'INVOICE', checked: true, defaultChecked: true },
      ],
    };
    expect(fieldsTypedBeforeHydration(form)).toEqual({ country: 'AT', gender: 'MRS' });
  });

  it('leaves out hidden fields, checkboxes, unnamed controls and a missing form', () => {
    const form = {
      elements: [
        input('_csrf', 'changed', 'token', 'hidden'),
        { tagName: 'INPUT', type: 'checkbox', name: 'terms', value: 'on', checked: true, defaultChecked: false },
        input('', 'typed', ''),
        { tagName: 'BUTTON', name: 'step', value: 'travel' },
      ],
    };
    expect(fieldsTypedBeforeHydration(form)).toEqual({});
    expect(fieldsTypedBeforeHydration(null)).toEqual({});
  });
});
