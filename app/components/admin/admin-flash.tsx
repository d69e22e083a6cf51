import { useState } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';

type Flash = { title?: string; message: string; type?: string };

/**
 * The session flash in the back office (issue 32 item 2): the one success notice of every back-office form
 * (`savedRedirect` / `redirectWithFlash`), read from the root loader like the shop's flash outlet. The back office
 * has no client layer, so it is a plain notice above the page, server-rendered (works without JavaScript). With
 * JavaScript the root loader's data outlives a client navigation that does not revalidate it: the notice belongs
 * to the location it arrived with and is gone on the next one.
 */
export function AdminFlash() {
  const flash = useRouteLoaderData<{ flash?: Flash | null }>('root')?.flash ?? null;
  const location = useLocation();
  const [arrival, setArrival] = useState({ flash, key: location.key });
  // A new flash (a redirect after a post revalidates the root loader) belongs to the location it came with.
  if (arrival.flash !== flash) setArrival({ flash, key: location.key });
  if (!flash || arrival.key !== location.key) return null;
  const error = flash.type === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      data-flash={flash.type ?? 'info'}
      className={`mb-4 rounded-lg border-l-4 px-4 py-3 ${error ? 'border-danger bg-red-50 text-danger' : 'border-green-600 bg-green-50 text-green-900'}`}
    >
      {flash.title ? <p className="font-semibold">{flash.title}</p> : null}
      <p className="font-medium">{flash.message}</p>
    </div>
  );
}
