/**
 * Lazy hydration of a server-rendered part of a page (issue 11: first-load JavaScript budget). `island(load)` returns a
 * component that renders what `load` resolves to: on the server at once (the module is loaded at start,
 * `islandsReady()` in entry.server.tsx waits for it, so the HTML is complete, also without JavaScript); in the browser
 * its code is a chunk of its own, fetched in a task of its own right after the route module ran (in parallel with
 * hydration, not preloaded in the page head). Until it arrives the server's HTML stays in place: its links and forms
 * work as before hydration, and a click on it is replayed once it hydrates (React's selective hydration of a Suspense
 * boundary). Memoised, so a parent's re-render does not force the boundary out of hydration; pass stable props.
 *
 * `{ whenVisible: true }` also defers the hydration itself until the server's HTML comes within a screen of the
 * viewport, or is touched or focused (and the download until the browser is idle, or that moment if earlier): hydrating
 * a long section far below the fold is main-thread work a visitor may never need (issue 11: Lighthouse's total blocking
 * time on the airport page). Such an island renders inside a `<div>` of its own (the element that is watched). Mounted
 * by a client-side navigation instead of hydrated, it renders at once.
 */
import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

const pending: Promise<unknown>[] = [];

/** Resolves once every island module is loaded on the server (each renders synchronously from then on). */
export function islandsReady(): Promise<void> {
  return Promise.all(pending).then(() => undefined);
}

/** How far below (or above) the viewport a deferred island starts to hydrate: about a screen. */
const NEAR_VIEWPORT_MARGIN = '100% 0px';

/**
 * Starts an island's download in a task of its own instead of while the route modules are evaluated: each
 * `import()` goes through Vite's preload helper, which inserts a `<link rel="modulepreload">` for every dependency
 * not yet in the head, and with a dozen islands on a page those insertions made the module evaluation one long
 * task (issue 11: the airport page's total blocking time). A deferred island's chunk is not needed before its
 * HTML nears the viewport: it loads once the browser is idle (or when its gate opens, whichever is first).
 */
function scheduleStart(run: () => void, idle: boolean) {
  if (idle && typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 4000 });
  else setTimeout(run, 0);
}

/** A component whose code loads apart from the page's first-load JavaScript; see the module comment. */
export function island<P extends object>(
  load: () => Promise<Module<P>>,
  options: { whenVisible?: boolean } = {},
): ComponentType<P> {
  let loaded: Module<P> | null = null;
  let loading: Promise<Module<P>> | null = null;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  // The hydration gate of a deferred island: opened once its HTML nears the viewport (or at once when not deferred).
  const deferred = options.whenVisible === true && !import.meta.env.SSR;
  let gateOpen = !deferred;
  let openGate: () => void = () => {};
  const gate = deferred
    ? new Promise<void>((resolve) => {
        openGate = () => {
          gateOpen = true;
          resolve();
        };
      })
    : Promise.resolve();
  // a thenable that answers at once when the module is there, so React renders without suspending
  const Lazy = lazy(
    () =>
      (loaded && gateOpen
        ? { then: (resolve: (m: Module<P>) => void) => resolve(loaded!) }
        : gate.then(start)) as Promise<Module<P>>,
  );
  if (import.meta.env.SSR) pending.push(start());
  else scheduleStart(() => void start().catch(() => undefined), deferred);
  function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as P & React.JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  if (!options.whenVisible) return memo(Island) as unknown as ComponentType<P>;

  function VisibleIsland(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = ref.current;
      if (gateOpen || !element) return;
      // Nothing from the server inside: mounted by a client-side navigation, nothing to defer.
      if (!element.hasChildNodes() || typeof IntersectionObserver === 'undefined') {
        openGate();
        return;
      }
      const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && openGate(), {
        rootMargin: NEAR_VIEWPORT_MARGIN,
      });
      observer.observe(element);
      // A touch or keyboard focus on it before it scrolled near (e.g. a jump link): hydrate now.
      element.addEventListener('pointerdown', openGate, { once: true });
      element.addEventListener('focusin', openGate, { once: true });
      void gate.then(() => observer.disconnect());
      return () => {
        observer.disconnect();
        element.removeEventListener('pointerdown', openGate);
        element.removeEventListener('focusin', openGate);
      };
    }, []);
    return (
      <div ref={ref} data-hydrate="visible">
        <Island {...props} />
      </div>
    );
  }
  return memo(VisibleIsland) as unknown as ComponentType<P>;
}
