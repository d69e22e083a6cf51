import { I18nProvider, useLocale } from '~/components/i18n-context.tsx';
import { dictionaryOf } from '~/components/dictionary-store.ts';

/**
 * The shop's texts of this locale with the back office's own on top (issue 15): back-office pages get the
 * back-office dictionary from their loader, so it reaches only them, never the shop's visitors.
 */
export function AdminTexts({
  dictionary,
  children,
}: {
  dictionary: Record<string, string>;
  children: React.ReactNode;
}) {
  const locale = useLocale();
  const merged = { ...(dictionaryOf(locale) ?? {}), ...dictionary };
  return (
    <I18nProvider locale={locale} dictionary={merged}>
      {children}
    </I18nProvider>
  );
}
