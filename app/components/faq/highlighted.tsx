import type { TextRun } from '~/domain/faq-text.ts';

/** Text runs with the found words in `<mark>` (the FAQ search's highlighting). */
export function Highlighted({ runs }: { runs: TextRun[] }) {
  return (
    <>
      {runs.map((run, i) =>
        run.match ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-ink" data-faq-match>
            {run.text}
          </mark>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </>
  );
}
