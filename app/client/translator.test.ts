import { describe, expect, it, vi } from 'vitest';
import { createTranslator, resolveValue } from './translator.ts';

describe('resolveValue', () => {
  it('replaces :name placeholders', () => {
    expect(resolveValue('Hallo :name, :count Plätze', { name: 'Ada', count: 3 })).toBe('Hallo Ada, 3 Plätze');
  });
  it('leaves unknown placeholders', () => {
    expect(resolveValue('Hallo :name', {})).toBe('Hallo :name');
  });
  it('parses json: values', () => {
    expect(resolveValue('json:{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(resolveValue('json:["x :n"]', { n: 2 })).toEqual(['x 2']);
  });
  it('returns the text after json: when it is not JSON', () => {
    expect(resolveValue('json:{nope')).toBe('{nope');
  });
  it('does not parse values without the prefix', () => {
    expect(resolveValue('{"a":1}')).toBe('{"a":1}');
  });
});

describe('createTranslator', () => {
  it('answers from the server-rendered dictionary before the fetch', () => {
    const fetchJson = vi.fn();
    const tr = createTranslator({ locale: 'de', url: '/translations/de.json', initial: { a: 'A-de' }, fetchJson });
    expect(tr.t('a')).toBe('A-de');
    expect(tr.t('missing.key')).toBe('missing.key');
    expect(fetchJson).not.toHaveBeenCalled();
  });

  it('fetches once, even when load is called repeatedly', async () => {
    const fetchJson = vi.fn().mockResolvedValue({ a: 'A2' });
    const tr = createTranslator({ locale: 'de', url: '/t/de.json', fetchJson });
    await Promise.all([tr.load(), tr.load()]);
    await tr.load();
    expect(fetchJson).toHaveBeenCalledTimes(1);
    expect(fetchJson).toHaveBeenCalledWith('/t/de.json');
    expect(tr.t('a')).toBe('A2');
    expect(tr.loaded).toBe(true);
  });

  it('falls back to German for keys the English texts lack', async () => {
    const tr = createTranslator({
      locale: 'en',
      url: '/t/en.json',
      initial: { a: 'A-en' },
      fallback: { a: 'A-de', b: 'B-de' },
      fetchJson: async () => ({ a: 'A-en2' }),
    });
    expect(tr.t('b')).toBe('B-de');
    await tr.load();
    expect(tr.t('a')).toBe('A-en2');
    expect(tr.t('b')).toBe('B-de');
  });

  it('retries after a failed fetch and keeps answering meanwhile', async () => {
    const fetchJson = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ a: 'ok' });
    const tr = createTranslator({ locale: 'de', url: '/t', initial: { a: 'initial' }, fetchJson });
    await expect(tr.load()).rejects.toThrow('offline');
    expect(tr.t('a')).toBe('initial');
    await tr.load();
    expect(tr.t('a')).toBe('ok');
  });

  it('notifies subscribers when the texts arrive', async () => {
    const tr = createTranslator({ locale: 'de', url: '/t', fetchJson: async () => ({}) });
    const listener = vi.fn();
    tr.subscribe(listener);
    await tr.load();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('stringifies json values in t and returns them parsed from value', () => {
    const tr = createTranslator({ locale: 'de', url: '/t', initial: { list: 'json:[1,2]', p: 'Seite :page' } });
    expect(tr.value('list')).toEqual([1, 2]);
    expect(tr.t('list')).toBe('[1,2]');
    expect(tr.t('p', { page: 2 })).toBe('Seite 2');
  });
});
