import { island } from '../widgets/island.tsx';

/** The contact form, server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const ContactForm = island(() =>
  import('../contact/contact-form.tsx').then((m) => ({ default: m.ContactForm })),
);
