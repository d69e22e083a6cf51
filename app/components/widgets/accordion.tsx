import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';

/**
 * Accordion (SPEC §2, §4: items toggle open and closed). Each item is a heading button with `aria-expanded`
 * controlling its panel; several may be open unless `single` is set.
 */
export function Accordion({
  items,
  single = false,
  headingLevel = 3,
}: {
  items: { id: string; title: React.ReactNode; content: React.ReactNode }[];
  single?: boolean;
  headingLevel?: 2 | 3 | 4;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const base = useId();
  const H = `h${headingLevel}` as 'h3';
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(single ? [] : current);
      if (current.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <div className="divide-y divide-line rounded-xl border border-line bg-card" data-accordion>
      {items.map((item) => {
        const expanded = open.has(item.id);
        const buttonId = `${base}-${item.id}-button`;
        const panelId = `${base}-${item.id}-panel`;
        return (
          <div key={item.id}>
            <H className="m-0">
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                className="flex w-full items-center justify-between gap-4 px-4 py-3 text-left font-medium hover:text-accent"
              >
                {item.title}
                <ChevronDown
                  aria-hidden
                  size={18}
                  className={`shrink-0 transition-transform ${expanded ? 'rotate-180' : ''}`}
                />
              </button>
            </H>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-4 pb-4 text-muted"
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
