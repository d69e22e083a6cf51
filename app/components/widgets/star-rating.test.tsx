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
    expect(html).toContain('width:90px;height:18px;--star:18px');
  });

  it('fills the coloured row to the rating and keeps the accessible label and the visible text', () => {
    const html = render(<StarRating value={4.5} size={14} />);
    expect(html).toContain('width:90%');
    expect(html).toContain('width:70px;height:14px;--star:14px');
    expect(html).toContain('role="img"');
    expect(html).toMatch(/aria-label="[^"]*4,5\/5/);
    expect(html).toContain('>4,5/5</span>');
  });
});
