import { describe, expect, it } from 'vitest';
import { isFilled } from './filled';

describe('isFilled (SPEC §5)', () => {
  it.each([
    ['false', false],
    ['null', null],
    ['undefined', undefined],
    ['a negative number', -1],
    ['a negative fraction', -0.5],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['a negative bigint', -1n],
    ['an empty string', ''],
    ['an empty array', []],
  ])('%s is not filled', (_label, value) => {
    expect(isFilled(value)).toBe(false);
  });

  it.each([
    ['true', true],
    ['0', 0],
    ['-0', -0],
    ['a positive number', 3],
    ['NaN (not negative)', Number.NaN],
    ['0n', 0n],
    ['a non-empty string', 'a'],
    ["the string '0'", '0'],
    ["the string 'false'", 'false'],
    ["a whitespace-only string ' ' (literal rule, no trimming)", ' '],
    ['an empty object', {}],
    ['an object', { a: 1 }],
    ['a non-empty array', [0]],
    ['an array holding only empty values', [null, '']],
    ['a Date', new Date(0)],
    ['a function', () => undefined],
  ])('%s is filled', (_label, value) => {
    expect(isFilled(value)).toBe(true);
  });
});
