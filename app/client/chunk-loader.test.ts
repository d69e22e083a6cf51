import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './chunk-loader.ts';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('resolves with the module', async () => {
    await expect(loadChunk(async () => ({ ok: 1 }), { address: 'gallery' })).resolves.toEqual({ ok: 1 });
  });

  it('times out after 120 000 ms by default', async () => {
    vi.useFakeTimers();
    const promise = loadChunk(() => new Promise(() => {}), { address: '/js/map-abc.js', name: 'map' });
    const caught = promise.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999); // SPEC §9: chunk time-out 120000 ms
    let done = false;
    void caught.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await caught) as ChunkLoadError;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.type).toBe('timeout');
    expect(error.request).toBe('/js/map-abc.js');
    expect(error.name).toBe('ChunkLoadError');
    expect(error.message).toBe('Loading chunk map failed.\n(timeout: /js/map-abc.js)');
  });

  it('honours a custom time-out', async () => {
    vi.useFakeTimers();
    const caught = loadChunk(() => new Promise(() => {}), { address: 'x', timeoutMs: 50 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(50);
    expect(((await caught) as ChunkLoadError).type).toBe('timeout');
  });

  it('wraps an import failure as type error with the address and the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: http://localhost/js/gallery-1.js');
    const error = (await loadChunk(() => Promise.reject(cause), { address: 'gallery' }).catch(
      (e: unknown) => e,
    )) as ChunkLoadError;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.type).toBe('error');
    expect(error.request).toBe('http://localhost/js/gallery-1.js');
    expect(error.cause).toBe(cause);
    expect(error.message).toMatch(/^Loading chunk gallery failed\.\n\(error: /);
  });

  it('wraps a synchronous throw and clears the timer', async () => {
    const clearTimeout = vi.fn();
    const error = await loadChunk(
      () => {
        throw new Error('boom');
      },
      { address: 'feature', setTimeout: () => 7, clearTimeout },
    ).catch((e: unknown) => e);
    expect((error as ChunkLoadError).type).toBe('error');
    expect((error as ChunkLoadError).request).toBe('feature');
    expect(clearTimeout).toHaveBeenCalledWith(7);
  });

  it('ignores a late answer after the time-out', async () => {
    vi.useFakeTimers();
    let finish!: (v: string) => void;
    const caught = loadChunk(() => new Promise<string>((r) => (finish = r)), { address: 'a', timeoutMs: 10 }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(10);
    finish('late');
    expect(await caught).toBeInstanceOf(ChunkLoadError);
  });
});
