import { afterEach, describe, expect, it, vi } from 'vitest';
import { WARM_UP_TIMEOUT_MS, warmUpIntl } from './intl-warm-up.ts';

/** A stand-in for the browser's Worker that records what the page did with it. */
function fakeWorker(behaviour: 'answers' | 'fails' | 'silent' | 'throws') {
  const made: FakeWorker[] = [];
  class FakeWorker {
    onmessage: (() => void) | null = null;
    onerror: (() => void) | null = null;
    sent: unknown[] = [];
    terminated = false;
    constructor(
      public url: URL,
      public options: WorkerOptions,
    ) {
      if (behaviour === 'throws') throw new Error('SecurityError');
      made.push(this);
    }
    postMessage(message: unknown) {
      this.sent.push(message);
      if (behaviour === 'answers') queueMicrotask(() => this.onmessage?.());
      if (behaviour === 'fails') queueMicrotask(() => this.onerror?.());
    }
    terminate() {
      this.terminated = true;
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return made;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('warmUpIntl', () => {
  it('resolves at once where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    await expect(warmUpIntl('de')).resolves.toBeUndefined();
  });

  it('sends the locale to a module worker and resolves, worker ended, once it answers', async () => {
    const made = fakeWorker('answers');
    await warmUpIntl('en');
    expect(made).toHaveLength(1);
    expect(made[0].sent).toEqual(['en']);
    expect(made[0].options).toEqual({ type: 'module' });
    expect(made[0].url.pathname).toMatch(/intl-warm-up\.worker\.ts$/);
    expect(made[0].terminated).toBe(true);
  });

  it('resolves when the worker fails (e.g. its script cannot load)', async () => {
    const made = fakeWorker('fails');
    await warmUpIntl('de');
    expect(made[0].sent).toEqual(['de']);
    expect(made[0].terminated).toBe(true);
  });

  it('resolves when the worker cannot be started', async () => {
    fakeWorker('throws');
    await expect(warmUpIntl('de')).resolves.toBeUndefined();
  });

  it('gives up after the time-out, so hydration never waits longer', async () => {
    vi.useFakeTimers();
    const made = fakeWorker('silent');
    let done = false;
    void warmUpIntl('de').then(() => (done = true));
    await vi.advanceTimersByTimeAsync(WARM_UP_TIMEOUT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(made[0].terminated).toBe(true);
  });
});

describe('the warm-up worker', () => {
  it("builds the pages' formatters for the locale it is sent and answers, also for English", async () => {
    const answers: string[] = [];
    const scope: { onmessage?: (event: { data: string }) => void; postMessage: (m: string) => void } = {
      postMessage: (m) => answers.push(m),
    };
    vi.stubGlobal('self', scope);
    const calls: unknown[][] = [];
    const { NumberFormat } = Intl;
    vi.stubGlobal(
      'Intl',
      Object.assign(Object.create(Intl) as typeof Intl, {
        NumberFormat: function (tag: string, options?: Intl.NumberFormatOptions) {
          calls.push([tag, options]);
          return new NumberFormat(tag, options);
        },
      }),
    );
    vi.resetModules();
    await import('./intl-warm-up.worker.ts');
    scope.onmessage!({ data: 'de' });
    scope.onmessage!({ data: 'en' });
    expect(answers).toEqual(['done', 'done']);
    expect(calls).toContainEqual(['de-DE', { style: 'currency', currency: 'EUR' }]);
    expect(calls).toContainEqual(['en-GB', { style: 'currency', currency: 'EUR' }]);
  });

  it('answers even when the browser lacks one of the formatters', async () => {
    const answers: string[] = [];
    const scope: { onmessage?: (event: { data: string }) => void; postMessage: (m: string) => void } = {
      postMessage: (m) => answers.push(m),
    };
    vi.stubGlobal('self', scope);
    vi.resetModules();
    await import('./intl-warm-up.worker.ts');
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl) as typeof Intl, { DisplayNames: undefined }));
    expect(() => scope.onmessage!({ data: 'de' })).toThrow();
    expect(answers).toEqual(['done']);
  });
});
