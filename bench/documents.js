// `npm run bench:documents` (also run by `npm run bench`): how long one voucher, invoice and credit note PDF
// take to render (issue 9). Loads the TypeScript renderers through Vite's SSR loader (no build needed), warms
// up, renders each document RUNS times one after another and prints median and p95 in ms. Exits 1 when a
// median exceeds LIMIT_MS: a render blocks the event loop of a shop process for about that long.
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const RUNS = Number(process.env.BENCH_DOCUMENT_RUNS ?? 50);
const WARM_UP = 5;
const LIMIT_MS = 300;

const root = fileURLToPath(new URL('..', import.meta.url));
const vite = await createServer({
  root,
  configFile: false,
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  resolve: { alias: { '~': `${root}app` } },
});

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

let failed = false;
try {
  const { renderVoucherPdf } = await vite.ssrLoadModule('/app/services/documents/voucher-pdf.server.ts');
  const { renderInvoicePdf } = await vite.ssrLoadModule('/app/services/documents/invoice-pdf.server.ts');
  const { buildInvoiceView } = await vite.ssrLoadModule('/app/domain/documents.ts');
  const { girocodePayload } = await vite.ssrLoadModule('/app/domain/girocode.ts');
  const fixtures = await vite.ssrLoadModule('/tests/fixtures/documents.ts');

  const invoice = fixtures.sampleInvoiceData();
  const bank = invoice.payment.bank;
  const payload = girocodePayload({
    bic: bank.bic,
    name: bank.holder,
    iban: bank.iban,
    amountCents: invoice.totals.grossCents,
    text: invoice.payment.remittance,
  });
  const documents = {
    'voucher (de)': () => renderVoucherPdf(fixtures.sampleVoucherView()),
    'invoice + GiroCode (de)': () => renderInvoicePdf(buildInvoiceView(invoice, payload)),
    'credit note (de)': () => renderInvoicePdf(buildInvoiceView(fixtures.sampleCreditNoteData())),
  };

  console.log(`\n| document | runs | median ms | p95 ms | max ms | size KiB |\n|---|---|---|---|---|---|`);
  for (const [name, render] of Object.entries(documents)) {
    for (let i = 0; i < WARM_UP; i++) await render();
    const times = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const pdf = await render();
      times.push(performance.now() - start);
      bytes = pdf.length;
    }
    times.sort((a, b) => a - b);
    const median = percentile(times, 50);
    if (median > LIMIT_MS) failed = true;
    console.log(
      `| ${name} | ${RUNS} | ${median.toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times.at(-1).toFixed(1)} | ${(bytes / 1024).toFixed(1)} |`,
    );
  }
} finally {
  await vite.close();
}

if (failed) {
  console.error(`\nA document's median render time exceeds ${LIMIT_MS} ms.`);
  process.exit(1);
}
