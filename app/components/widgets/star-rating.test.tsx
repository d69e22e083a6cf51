import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '~/components/i18n-context.tsx';
import de from '../../../locales/de.json' with { type: 'json' };
import { StarRating } from './star-rating.tsx';

function render(node: React.ReactNode): string {
  return renderToStaticMarkup(
    <I18nProvider locale="de" dictionary={de}>
      {node}
    </I18nProvider>,
  );
}

describe('StarRating', () => {
  it('draws the stars with two masked rows, not one SVG per star (issue 11: HTML weight, DOM size)', () => {
    const html = render(<StarRating value={4.2} />);
    expect(html).not.toContain('<svg');
    expect(html.match(/class="star-row /g)).toHaveLength(2);
    expect(html).toContain('class="relative inline-block shrink-0 h-[18px] w-[90px] [--star:18px]"');
    expect(html).not.toContain('style=');
  });

  it('fills the coloured row to the rating and keeps the accessible label and the visible text', () => {
    const html = render(<StarRating value={4.5} size={14} />);
    expect(html).toContain('text-star w-[90%]');
    expect(html).toContain('h-[14px] w-[70px] [--star:14px]');
    expect(render(<StarRating value={4.63} />)).toContain('text-star w-[92%]');
    expect(render(<StarRating value={0} />)).toContain('text-star w-[0%]');
    expect(render(<StarRating value={5} />)).toContain('text-star w-[100%]');
    expect(html).toContain('role="img"');
    expect(html).toMatch(/aria-label="[^"]*4,5\/5/);
    expect(html).toContain('>4,5/5</span>');
  });
});
