/**
 * Lazy hydration of a server-rendered part of a page (issue 11: first-load JavaScript budget). `island(load)`
 * returns a component that renders what `load` resolves to: on the server at once (the module is loaded at start,
 * `islandsReady()` in entry.server.tsx waits for it, so the HTML is complete, also without JavaScript); in the
 * browser its code is a chunk of its own, fetched when the route module runs (in parallel with hydration, not
 * preloaded in the page head). Until it arrives the server's HTML stays in place: its links and forms work as
 * before hydration, and a click on it is replayed once it hydrates (React's selective hydration of a Suspense
 * boundary). Memoised, so a parent's re-render does not force the boundary out of hydration; pass stable props.
 */
import { lazy, memo, Suspense, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

const pending: Promise<unknown>[] = [];

/** Resolves once every island module is loaded on the server (each renders synchronously from then on). */
export function islandsReady(): Promise<void> {
  return Promise.all(pending).then(() => undefined);
}

/** A component whose code loads apart from the page's first-load JavaScript; see the module comment. */
export function island<P extends object>(load: () => Promise<Module<P>>): ComponentType<P> {
  let loaded: Module<P> | null = null;
  let loading: Promise<Module<P>> | null = null;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  // a thenable that answers at once when the module is there, so React renders without suspending
  const Lazy = lazy(
    () => (loaded ? { then: (resolve: (m: Module<P>) => void) => resolve(loaded!) } : start()) as Promise<Module<P>>,
  );
  if (import.meta.env.SSR) pending.push(start());
  else void start().catch(() => undefined);
  function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as P & React.JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  return memo(Island) as unknown as ComponentType<P>;
}
