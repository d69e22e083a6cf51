import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useHydrated } from '../widgets/use-hydrated.ts';
import {
  checkoutReducer,
  formStateFromServer,
  initialFormState,
  prefillPatch,
  restoreFormState,
  serializeFormState,
  STORAGE_KEY,
  type CheckoutAction,
  type CheckoutFormState,
  type ServerFormState,
} from './checkout-model.ts';
import { fieldsTypedBeforeHydration } from './typed-before-hydration.ts';
import type { BookingPageData } from './types.ts';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the form still works, it just forgets on reload
  }
}

/** Keeps `state` in this tab's storage, so a reload finds it. */
export function storeFormState(state: CheckoutFormState): void {
  try {
    storage()?.setItem(STORAGE_KEY, serializeFormState(state));
  } catch {
    // quota or privacy mode: nothing to do
  }
}

/** The form state plus the fresh state it was last restored for (null until then) and the prefill applied. */
type Held = { form: CheckoutFormState; restoredFor: CheckoutFormState | null; prefilledWith: unknown };
type Prefill = BookingPageData['prefill'];
type HeldAction =
  | CheckoutAction
  | { type: 'restored'; fresh: CheckoutFormState; form: CheckoutFormState }
  | { type: 'prefill'; prefill: Prefill };

function heldReducer(held: Held, action: HeldAction): Held {
  if (action.type === 'restored') return { ...held, form: action.form, restoredFor: action.fresh };
  if (action.type === 'prefill') {
    const patch = prefillPatch(held.form.checkout.billingAddress, action.prefill);
    const form = Object.keys(patch).length ? checkoutReducer(held.form, { type: 'billingAddress', patch }) : held.form;
    return { ...held, form, prefilledWith: action.prefill };
  }
  const form = checkoutReducer(held.form, action);
  return form === held.form ? held : { ...held, form };
}

/**
 * The booking form's state for the cart (SPEC §3: held on the client), restored from and kept in
 * `sessionStorage`. `restored` is false until the stored state is in: the server cannot know what this tab
 * entered, so the first (hydrating) render shows the defaults. `finish()` stops keeping it (after the booking).
 * `server` is the state the form was posted to without JavaScript (issue 11 item 7): the first render shows
 * it, and when the server kept fields in the session they win over this tab's storage. What the visitor typed
 * before hydration (still only in the DOM) wins over both (`fieldsTypedBeforeHydration`, decision 0040).
 */
export function useCheckoutState(
  cart: BookingPageData['cart'],
  prefill: Prefill = null,
  server: ServerFormState | null = null,
) {
  const { airportId, tariffId, entryTime, exitTime } = cart;
  // Keyed by content: a revalidation with the same server state keeps the form as it is.
  const serverKey = server ? JSON.stringify(server) : '';
  const fresh = useMemo(() => {
    const initial = initialFormState({ airportId, tariffId, entryTime, exitTime });
    return serverKey ? formStateFromServer(initial, JSON.parse(serverKey) as ServerFormState) : initial;
  }, [airportId, tariffId, entryTime, exitTime, serverKey]);
  const [held, dispatch] = useReducer(heldReducer, fresh, (form): Held => ({
    form,
    restoredFor: null,
    prefilledWith: null,
  }));
  const hydrated = useHydrated();
  // An update during render (not in an effect), so the restored form is the first one the visitor sees; it
  // happens once after hydration and once per new cart.
  if (hydrated && held.restoredFor !== fresh) {
    const stored = server?.fields ? null : (storage()?.getItem(STORAGE_KEY) ?? null);
    let form = restoreFormState(stored, fresh);
    // The first restore, right after hydration: what was typed before it is still only in the DOM, and wins.
    if (held.restoredFor === null) {
      const typed = fieldsTypedBeforeHydration(document.querySelector<HTMLFormElement>('form[data-checkout-step]'));
      if (Object.keys(typed).length > 0) {
        form = formStateFromServer(form, { step: form.step, fields: typed, errors: form.errors });
      }
    }
    dispatch({ type: 'restored', fresh, form });
  }
  const restored = held.restoredFor === fresh;
  // Signed in (also after signing in on this page): the account's address fills the still empty fields.
  if (restored && prefill && held.prefilledWith !== prefill) dispatch({ type: 'prefill', prefill });
  const finished = useRef(false);

  useEffect(() => {
    if (restored && !finished.current) storeFormState(held.form);
  }, [restored, held.form]);

  const finish = () => {
    finished.current = true;
    storage()?.removeItem(STORAGE_KEY);
  };
  return { state: held.form, dispatch: dispatch as React.Dispatch<CheckoutAction>, restored, finish };
}
