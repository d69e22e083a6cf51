import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import {
  buildErrorReport,
  createErrorReporter,
  drainEarlyErrors,
  installGlobalErrorHandler,
  scrubReportText,
} from './error-reporter.ts';
import { ChunkLoadError } from './chunk-loader.ts';

describe('buildErrorReport', () => {
  it('reports type, location and message', () => {
    expect(buildErrorReport(new TypeError('x is undefined'), 'https://shop/a')).toEqual({
      type: 'TypeError',
      location: 'https://shop/a',
      message: 'x is undefined',
    });
  });
  it('adds the response for HTTP errors', () => {
    const error = new ApiError(500, { message: 'Server' }, '/api/checkout', '{"message":"Server"}');
    expect(buildErrorReport(error, 'L')).toEqual({
      type: 'ApiError',
      location: 'L',
      message: 'Server',
      response: { url: '/api/checkout', status: 500, content: '{"message":"Server"}' },
    });
  });
  it('handles chunk errors and thrown non-errors', () => {
    expect(buildErrorReport(new ChunkLoadError('map', 'timeout', 'map'), 'L').type).toBe('ChunkLoadError');
    expect(buildErrorReport('plain', 'L')).toEqual({ type: 'string', location: 'L', message: 'plain' });
    expect(buildErrorReport({ a: 1 }, 'L')).toEqual({ type: 'Object', location: 'L', message: '{"a":1}' });
  });
});

describe('createErrorReporter', () => {
  it('sends the report when debug is off', async () => {
    const send = vi.fn().mockResolvedValue(null);
    const report = createErrorReporter({ debug: () => false, location: () => 'L', send });
    await report(new Error('boom'));
    expect(send).toHaveBeenCalledWith({ type: 'Error', location: 'L', message: 'boom' });
  });
  it('rethrows in debug mode', () => {
    const send = vi.fn();
    const report = createErrorReporter({ debug: () => true, location: () => 'L', send });
    const error = new Error('boom');
    expect(() => report(error)).toThrow(error);
    expect(send).not.toHaveBeenCalled();
  });
  it('swallows a failing send and does not report its own endpoint', async () => {
    const send = vi.fn().mockRejectedValue(new Error('offline'));
    const report = createErrorReporter({ debug: () => false, location: () => 'L', send });
    await expect(report(new Error('x'))).resolves.toBeUndefined();
    await report(new ApiError(429, null, '/api/error-report'));
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('installGlobalErrorHandler', () => {
  function fakeTarget() {
    const handlers = new Map<string, (e: Event) => void>();
    return {
      handlers,
      addEventListener: (type: string, fn: (e: Event) => void) => handlers.set(type, fn),
      removeEventListener: (type: string) => handlers.delete(type),
    };
  }
  it('reports errors and unhandled rejections unless debug', () => {
    const target = fakeTarget();
    const report = vi.fn().mockResolvedValue(undefined);
    let debug = false;
    const uninstall = installGlobalErrorHandler(target as never, report, () => debug);
    const error = new Error('e1');
    target.handlers.get('error')!({ error } as unknown as Event);
    target.handlers.get('unhandledrejection')!({ reason: 'r1' } as unknown as Event);
    expect(report.mock.calls).toEqual([[error], ['r1']]);
    debug = true;
    target.handlers.get('error')!({ error } as unknown as Event);
    expect(report).toHaveBeenCalledTimes(2);
    uninstall();
    expect(target.handlers.size).toBe(0);
  });
});

describe('scrubbing (issue 14 item 6)', () => {
  it('removes e-mail addresses, query strings and long tokens, and keeps the rest', () => {
    expect(scrubReportText('no match for erika.mustermann@example.com')).toBe('no match for [email]');
    expect(scrubReportText('https://shop.example/reservierung/AB12CD34?token=abc&x=1#top')).toBe(
      'https://shop.example/reservierung/AB12CD34#top',
    );
    expect(scrubReportText('GET /api/faq?q=kindersitz failed')).toBe('GET /api/faq failed');
    expect(scrubReportText('csrf yZ-OV6n-471TYqsEg742ZWBYTIuyjQNQSOnEh-1quZc rejected')).toBe('csrf [token] rejected');
    expect(scrubReportText('Was ist passiert? Reservierung AB12CD34')).toBe('Was ist passiert? Reservierung AB12CD34');
  });

  it('applies to every text of a report', () => {
    const error = new ApiError(422, { message: 'x' }, '/api/reservations/AB12CD34/change?key=1', '{"email":"a@b.de"}');
    const report = buildErrorReport(error, 'https://shop/reservierung/AB12CD34?token=secret-token-value');
    expect(report.location).toBe('https://shop/reservierung/AB12CD34');
    expect(report.response).toEqual({
      url: '/api/reservations/AB12CD34/change',
      status: 422,
      content: '{"email":"[email]"}',
    });
  });
});

describe('drainEarlyErrors', () => {
  it('stops the early handler and reports what it buffered, once', () => {
    const stop = vi.fn();
    const source: { __shopEarlyErrors?: { errors: unknown[]; stop: () => void } } = {
      __shopEarlyErrors: { errors: [new Error('before hydration'), 'rejected'], stop },
    };
    const report = vi.fn().mockResolvedValue(undefined);
    drainEarlyErrors(source, report, () => false);
    expect(stop).toHaveBeenCalledOnce();
    expect(report.mock.calls.map((c) => String(c[0]))).toEqual(['Error: before hydration', 'rejected']);
    drainEarlyErrors(source, report, () => false);
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('in debug mode only stops the early handler (the console has shown the errors)', () => {
    const stop = vi.fn();
    const report = vi.fn();
    drainEarlyErrors({ __shopEarlyErrors: { errors: [new Error('x')], stop } }, report, () => true);
    expect(stop).toHaveBeenCalledOnce();
    expect(report).not.toHaveBeenCalled();
  });
});
