import { useState } from 'react';
import { Form, useNavigate, useNavigation } from 'react-router';
import { ApiError, api } from '~/client/api.ts';
import type { Offer } from '~/domain/offer.ts';
import { useT } from '../i18n-context.tsx';
import { CsrfField } from '../ui/csrf-field.tsx';

/**
 * An offer's "book" button. With JavaScript it puts the tariff and stay in the cart through
 * `POST /api/checkout/cart` and follows the answer's redirect; without, the form posts to the tariffs page's
 * action. A refusal (sold out, stay no longer bookable) is shown under the button.
 */
export function BookButton({
  offer,
  airportId,
  entry,
  exit,
  actionError,
}: {
  offer: Offer;
  airportId: number;
  entry: string;
  exit: string;
  /** the no-JS action's refusal for this offer */
  actionError?: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [error, setError] = useState<string | undefined>(actionError);
  const [busy, setBusy] = useState(false);
  const errorId = `offer-${offer.tariffId}-error`;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const result = await api.post<{ redirect: string }>('checkout/cart', {
        airportId,
        tariffId: offer.tariffId,
        entryTime: entry,
        exitTime: exit,
      });
      navigate(result.redirect);
    } catch (err) {
      const body = err instanceof ApiError ? err.body : null;
      const field = body?.errors ? Object.values(body.errors)[0]?.[0] : undefined;
      setError(field ?? body?.message ?? t('api.error.server'));
      setBusy(false);
    }
  }

  return (
    <Form method="post" onSubmit={onSubmit} className="flex flex-col gap-2">
      <input type="hidden" name="airportId" value={airportId} />
      <input type="hidden" name="tariffId" value={offer.tariffId} />
      <input type="hidden" name="entryTime" value={entry} />
      <input type="hidden" name="exitTime" value={exit} />
      <CsrfField />
      <button
        type="submit"
        className="btn-primary w-full"
        disabled={busy || navigation.state === 'submitting'}
        aria-describedby={error ? errorId : undefined}
      >
        {t('offer.book')}
        <span className="sr-only"> – {offer.name}</span>
      </button>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
