import { describe, expect, it, vi } from 'vitest';
import { leavesAfterSignOut, refreshAfterSignOut, SIGNED_OUT_EVENT, signOut, type SignOutDeps } from './signout.ts';

function deps(overrides: Partial<SignOutDeps> = {}): SignOutDeps {
  return {
    signout: vi.fn().mockResolvedValue({ csrfToken: 'x' }),
    setAuthenticated: vi.fn(),
    closeDropdown: vi.fn(),
    flash: vi.fn(),
    t: (key) => `T(${key})`,
    routeName: 'index',
    goToRoot: vi.fn(),
    refresh: vi.fn(),
    ...overrides,
  };
}

describe('sign-out flow (SPEC §4)', () => {
  it('marks signed out, closes the dropdown and shows the info flash', async () => {
    const d = deps();
    await signOut(d);
    expect(d.signout).toHaveBeenCalledOnce();
    expect(d.setAuthenticated).toHaveBeenCalledWith(false);
    expect(d.closeDropdown).toHaveBeenCalled();
    expect(d.flash).toHaveBeenCalledWith({
      title: 'T(js.signout.message.title)',
      message: 'T(js.signout.message.text)',
      type: 'info',
    });
  });

  it('ignores a failing call', async () => {
    const d = deps({ signout: vi.fn().mockRejectedValue(new Error('offline')), routeName: 'user.reservation' });
    await expect(signOut(d)).resolves.toBe('redirected');
    expect(d.setAuthenticated).toHaveBeenCalledWith(false);
    expect(d.goToRoot).toHaveBeenCalled();
  });

  it('stays on checkout routes, leaves account and user routes', async () => {
    for (const name of ['checkout.tariffs', 'checkout.booking', 'index', 'guest.reservation']) {
      const d = deps({ routeName: name });
      expect(await signOut(d)).toBe('stayed');
      expect(d.goToRoot).not.toHaveBeenCalled();
    }
    expect(leavesAfterSignOut('account')).toBe(true);
    expect(leavesAfterSignOut('user.reservation.pdf')).toBe(true);
    expect(leavesAfterSignOut('users')).toBe(false);
  });
});

describe('refreshAfterSignOut', () => {
  it('revalidates unless a page takes the event over', () => {
    const target = new EventTarget();
    let count = 0;
    refreshAfterSignOut(target, () => count++);
    expect(count).toBe(1);
    target.addEventListener(SIGNED_OUT_EVENT, (e) => e.preventDefault());
    refreshAfterSignOut(target, () => count++);
    expect(count).toBe(1);
  });
});
