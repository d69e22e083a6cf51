import { ChevronDown } from 'lucide-react';

/** One accordion item: `id` becomes the element id (an anchor such as `frage-<slug>`); `open` its first state. */
export type AccordionItem = { id: string; title: React.ReactNode; content: React.ReactNode; open?: boolean };

/**
 * Accordion (SPEC §2, §4: items toggle open and closed) on native `<details>`/`<summary>`: works without
 * JavaScript, is announced as expandable by screen readers and opens itself for the browser's find-in-page.
 * Several items may be open unless `single` names a group (exclusive `<details name>`). The open state belongs to
 * the DOM after the first render (a script opens an item by setting `element.open`, e.g. for a deep link).
 * Each item's id gets `scroll-margin-top`, so a jump to it clears the sticky header.
 */
export function Accordion({
  items,
  single,
  headingLevel = 3,
}: {
  items: AccordionItem[];
  /** group name: at most one item of the group is open */
  single?: string;
  headingLevel?: 2 | 3 | 4;
}) {
  const H = `h${headingLevel}` as 'h3';
  return (
    <div className="divide-y divide-line rounded-xl border border-line bg-card" data-accordion>
      {items.map((item) => (
        <details key={item.id} id={item.id} name={single} open={item.open} className="group scroll-mt-20">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-4 py-3 text-left font-medium hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent [&::-webkit-details-marker]:hidden">
            <H className="m-0 text-base font-medium">{item.title}</H>
            <ChevronDown aria-hidden size={18} className="shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <div className="px-4 pb-4 text-muted">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
