import { useEffect, useState } from 'react';
import { ASYNC_COMPONENT_DELAY_MS } from '~/constants.ts';
import { loadFeature, type FeatureModule, type FeatureName } from '~/client/features.ts';
import { readHead } from '~/client/head.ts';
import { reportError } from '~/client/runtime.ts';
import { Spinner } from '../ui/spinner.tsx';

/** Loading state of a feature. */
export type FeatureState = {
  status: 'loading' | 'ready' | 'absent' | 'failed';
  module: FeatureModule | null;
  showLoading: boolean;
};

// Also the state of the server render and of hydration: without `showLoading` it renders the fallback.
const LOADING: FeatureState = { status: 'loading', module: null, showLoading: false };

/**
 * Loads feature `name` when the page's route name lists it (SPEC §2) and there is a widget; reports a failure
 * (`ChunkLoadError`, SPEC §8). `showLoading` turns true only after `delayMs` (default 200 ms, SPEC §9), so fast
 * loads show no spinner.
 */
function useFeature(name: FeatureName, delayMs: number = ASYNC_COMPONENT_DELAY_MS): FeatureState {
  // Tagged with the feature it belongs to, so a new `name` reads as loading without a reset in the effect.
  const [state, setState] = useState<FeatureState & { name: FeatureName }>({ name, ...LOADING });
  useEffect(() => {
    let alive = true;
    const timer = window.setTimeout(
      () =>
        alive &&
        setState((s) => (s.name !== name || s.status === 'loading' ? { name, ...LOADING, showLoading: true } : s)),
      delayMs,
    );
    loadFeature(name, readHead().routeName).then(
      (module) => alive && setState({ name, status: module ? 'ready' : 'absent', module, showLoading: false }),
      (error: unknown) => {
        if (!alive) return;
        setState({ name, status: 'failed', module: null, showLoading: false });
        void reportError(error);
      },
    );
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, [name, delayMs]);
  if (state.name !== name) return LOADING;
  return { status: state.status, module: state.module, showLoading: state.showLoading };
}

/**
 * Renders the lazily loaded widget of feature `name` with `props`, nothing off-route or without a widget, a
 * spinner after the loading delay, `fallback` (e.g. a server-rendered list) meanwhile and on failure.
 */
export function LazyFeature({
  name,
  props,
  fallback = null,
  delayMs,
}: {
  name: FeatureName;
  props?: Record<string, unknown>;
  fallback?: React.ReactNode;
  delayMs?: number;
}) {
  const { status, module, showLoading } = useFeature(name, delayMs);
  if (status === 'ready' && module) {
    const Widget = module.default;
    return <Widget {...props} />;
  }
  if (status === 'loading' && showLoading) return <Spinner />;
  return <>{fallback}</>;
}
