/**
 * The documents of a reservation as links (issue 9): the voucher and invoice pages (framed HTML with a PDF
 * download), credit notes, an overstay's invoice (issue 33 item 4), each with its XRechnung (issue 34) and the
 * calendar file, and beside the voucher its wallet passes (issue 35 item 3: the Apple Wallet `.pkpass` download and
 * Google Wallet's save link, each only when configured). Plain links: works without JavaScript.
 */
import { CalendarPlus, Download, FileText, Receipt, Ticket } from 'lucide-react';
import { useHref, useT } from '~/components/i18n-context.tsx';
import type { ReservationDocuments } from '~/domain/documents.ts';
import type { WalletLinksView } from '~/domain/wallet-pass.ts';

const linkClass =
  'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:border-accent hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** `basePath`: `/reservierung/<ref>` or `/konto/reservierungen/<ref>` (unlocalised). */
export function DocumentLinks({
  basePath,
  documents,
  wallet,
}: {
  basePath: string;
  documents: ReservationDocuments;
  wallet: WalletLinksView;
}) {
  const t = useT();
  const href = useHref();
  const download = (fileName: string) => href(`${basePath}/download/${encodeURIComponent(fileName)}`);
  const { voucher, invoice, creditNotes, overstayInvoices, calendar } = documents;
  if (!voucher && !invoice && creditNotes.length === 0 && !calendar) return null;
  return (
    <section aria-labelledby="documents-title" className="mb-6 rounded-2xl bg-slate-50 p-4 sm:p-6 print:hidden">
      <h2 id="documents-title" className="mb-3 text-lg font-semibold">
        {t('reservation.documents.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {voucher && (
          <li className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm">
            <span className="flex items-center gap-2 font-medium">
              <Ticket aria-hidden size={18} className="text-accent" />
              {t('reservation.documents.voucher')}
            </span>
            <span className="text-sm text-slate-600">{t('reservation.documents.voucher.text')}</span>
            <span className="flex flex-wrap gap-2">
              <a
                className={linkClass}
                href={href(`${basePath}/pdf`)}
                aria-label={`${t('reservation.documents.show')}: ${t('reservation.documents.voucher')}`}
              >
                <FileText aria-hidden size={16} />
                {t('reservation.documents.show')}
              </a>
              <a className={linkClass} href={download(voucher.fileName)} download={voucher.fileName}>
                <Download aria-hidden size={16} />
                {t('reservation.documents.download_named', { name: t('reservation.documents.voucher') })}
              </a>
            </span>
            <WalletButtons basePath={basePath} wallet={wallet} />
          </li>
        )}
        {invoice && (
          <li className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm">
            <span className="flex items-center gap-2 font-medium">
              <Receipt aria-hidden size={18} className="text-accent" />
              {t('reservation.documents.invoice', { number: invoice.number })}
            </span>
            <span className="flex flex-wrap gap-2">
              <a
                className={linkClass}
                href={href(`${basePath}/rechnung`)}
                aria-label={`${t('reservation.documents.show')}: ${t('reservation.documents.invoice', { number: invoice.number })}`}
              >
                <FileText aria-hidden size={16} />
                {t('reservation.documents.show')}
              </a>
              <a className={linkClass} href={download(invoice.fileName)} download={invoice.fileName}>
                <Download aria-hidden size={16} />
                {t('reservation.documents.download_named', {
                  name: t('reservation.documents.invoice', { number: invoice.number }),
                })}
              </a>
              <XmlLink href={download(invoice.xmlFileName)} fileName={invoice.xmlFileName} number={invoice.number} />
            </span>
            {overstayInvoices.map((extra) => (
              <span key={extra.number} className="flex flex-wrap gap-2">
                <a className={linkClass} href={download(extra.fileName)} download={extra.fileName}>
                  <Download aria-hidden size={16} />
                  {t('reservation.documents.download_named', {
                    name: t('reservation.documents.overstay_invoice', { number: extra.number }),
                  })}
                </a>
                <XmlLink href={download(extra.xmlFileName)} fileName={extra.xmlFileName} number={extra.number} />
              </span>
            ))}
            {creditNotes.map((note) => (
              <span key={note.number} className="flex flex-wrap gap-2">
                <a className={linkClass} href={download(note.fileName)} download={note.fileName}>
                  <Download aria-hidden size={16} />
                  {t('reservation.documents.download_named', {
                    name: t('reservation.documents.credit_note', { number: note.number }),
                  })}
                </a>
                <XmlLink href={download(note.xmlFileName)} fileName={note.xmlFileName} number={note.number} />
              </span>
            ))}
          </li>
        )}
        {calendar && (
          <li className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm">
            <span className="flex items-center gap-2 font-medium">
              <CalendarPlus aria-hidden size={18} className="text-accent" />
              {t('reservation.documents.calendar')}
            </span>
            <span className="text-sm text-slate-600">{t('reservation.documents.calendar.text')}</span>
            <span>
              <a className={linkClass} href={download(calendar.fileName)} download={calendar.fileName}>
                <Download aria-hidden size={16} />
                {calendar.fileName}
              </a>
            </span>
          </li>
        )}
      </ul>
    </section>
  );
}

/** The XRechnung file of an invoice or credit note (issue 34 item 2): XML for a business's accounting software. */
function XmlLink({ href, fileName, number }: { href: string; fileName: string; number: string }) {
  const t = useT();
  return (
    <a className={linkClass} href={href} download={fileName}>
      <Download aria-hidden size={16} />
      {t('reservation.documents.download_xml', { number })}
    </a>
  );
}

/** "Add to Apple Wallet" (the `.pkpass` download) and "Add to Google Wallet" (Google's save page); each when offered. */
function WalletButtons({ basePath, wallet }: { basePath: string; wallet: WalletLinksView }) {
  const t = useT();
  const href = useHref();
  if (!wallet.apple && !wallet.googleSaveUrl) return null;
  const walletClass =
    'inline-flex items-center gap-1.5 rounded-lg bg-black px-3 py-2 text-sm font-medium text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';
  return (
    <span className="flex flex-wrap gap-2">
      {wallet.apple && (
        <a className={walletClass} href={href(`${basePath}/wallet.pkpass`)} type="application/vnd.apple.pkpass">
          {t('wallet.add_apple')}
        </a>
      )}
      {wallet.googleSaveUrl && (
        <a className={walletClass} href={wallet.googleSaveUrl} rel="noopener noreferrer" target="_blank">
          {t('wallet.add_google')}
          <span className="sr-only"> {t('wallet.new_window')}</span>
        </a>
      )}
    </span>
  );
}
