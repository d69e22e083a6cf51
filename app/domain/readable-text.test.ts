import { describe, expect, it } from 'vitest';
import { containsUnreadableText, isUnreadableText } from './readable-text.ts';

describe('isUnreadableText', () => {
  it('refuses NUL bytes and lone surrogates, accepts any other text', () => {
    expect(isUnreadableText('a\0b')).toBe(true);
    expect(isUnreadableText('\uD800')).toBe(true);
    expect(isUnreadableText('x\uDFFFy')).toBe(true);
    expect(isUnreadableText('')).toBe(false);
    expect(isUnreadableText('Grüße 😀 \u0001 \uFFFD')).toBe(false);
  });
});

describe('containsUnreadableText', () => {
  it('finds unreadable text in keys and values at any depth', () => {
    expect(containsUnreadableText({ a: [{ b: 'ok' }, { c: ['x', 'y\0'] }] })).toBe(true);
    expect(containsUnreadableText({ 'k\uD800': 1 })).toBe(true);
    expect(containsUnreadableText({ a: [1, true, null, { b: 'ok' }] })).toBe(false);
    expect(containsUnreadableText('\0')).toBe(true);
    expect(containsUnreadableText(42)).toBe(false);
  });

  it('walks a very deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'a\0';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsUnreadableText(deep)).toBe(true);
  });
});
