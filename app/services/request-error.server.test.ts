import { describe, expect, it } from 'vitest';
import { RequestError, requestErrorBody } from './request-error.server.ts';

const t = (key: string) => `T(${key})`;

describe('requestErrorBody', () => {
  it('answers a 409 with its message only', () => {
    expect(requestErrorBody(new RequestError(409, 'checkout.api.sold_out'), t)).toEqual({
      message: 'T(checkout.api.sold_out)',
    });
  });

  it('answers a 422 with fields with every field key as sent and each message translated', () => {
    const error = new RequestError(422, 'validation.failed', {
      billIsDifferentAddressCity: ['validation.required', 'validation.invalid'],
    });
    expect(requestErrorBody(error, t)).toEqual({
      message: 'T(validation.failed)',
      errors: { billIsDifferentAddressCity: ['T(validation.required)', 'T(validation.invalid)'] },
    });
  });

  it('answers a 422 without fields with its message only', () => {
    expect(requestErrorBody(new RequestError(422, 'checkout.api.idempotency_mismatch'), t)).toEqual({
      message: 'T(checkout.api.idempotency_mismatch)',
    });
  });
});

describe('requestErrorBody for 401 and 429', () => {
  it('answers with the message only', () => {
    expect(requestErrorBody(new RequestError(401, 'auth.api.unauthenticated'), t)).toEqual({
      message: 'T(auth.api.unauthenticated)',
    });
    expect(requestErrorBody(new RequestError(429, 'api.error.rate_limited', {}, 30), t)).toEqual({
      message: 'T(api.error.rate_limited)',
    });
  });
});
