import { type RouteConfig, index, route } from '@react-router/dev/routes';

// Route ids are the route names of SPEC §2 (they appear in <meta name="route-name">); paths are DESIGN §3.
// Every page exists in German at the root and in English under /en (the optional `:lang` segment).
export default [
  route(':lang?', 'routes/locale-layout.tsx', { id: 'locale' }, [
    index('routes/index.tsx', { id: 'index' }),
    route('parkplatz', 'routes/airports-index.tsx', { id: 'airports.index' }),
    route('parkplatz/:airport', 'routes/airports-show.tsx', { id: 'airports.show' }),
    // The price calendar (issue 37 item 1): cheapest total per entry date and category for twelve weeks.
    route('parkplatz/:airport/preiskalender', 'routes/airports-calendar.tsx', { id: 'airports.calendar' }),
    route('buchung/tarife', 'routes/checkout-tariffs.tsx', { id: 'checkout.tariffs' }),
    route('buchung', 'routes/checkout-booking.tsx', { id: 'checkout.booking' }),
    route('reservierung', 'routes/guest-lookup.tsx', { id: 'guest.lookup' }),
    route('reservierung/:reference', 'routes/guest-reservation.tsx', { id: 'guest.reservation' }),
    route('reservierung/:reference/dokument', 'routes/guest-reservation-document.tsx', {
      id: 'guest.reservation.document',
    }),
    route('reservierung/:reference/pdf', 'routes/reservation-document-page.tsx', { id: 'guest.reservation.pdf' }),
    route('reservierung/:reference/rechnung', 'routes/reservation-document-page.tsx', {
      id: 'guest.reservation.invoice',
    }),
    route('reservierung/:reference/dokument/:document', 'routes/reservation-frame.tsx', {
      id: 'guest.reservation.frame',
    }),
    route('reservierung/:reference/download/:file', 'routes/reservation-download.tsx', {
      id: 'guest.reservation.download',
    }),
    // Online payment (issue 13): to the hosted checkout of a pending reservation; the demo provider's test page.
    route('reservierung/:reference/bezahlen', 'routes/payment-start.tsx', { id: 'guest.reservation.pay' }),
    // The Apple Wallet pass (issue 35 item 3): same access as the documents, only when Apple Wallet is configured.
    route('reservierung/:reference/wallet.pkpass', 'routes/reservation-wallet.tsx', { id: 'guest.reservation.wallet' }),
    route('zahlung/demo/:session', 'routes/payment-demo.tsx', { id: 'payment.demo' }),
    route('anmelden', 'routes/auth-signin.tsx', { id: 'auth.signin' }),
    route('registrieren', 'routes/auth-signup.tsx', { id: 'auth.signup' }),
    route('passwort-vergessen', 'routes/auth-lost-password.tsx', { id: 'auth.lost-password' }),
    route('passwort/:token', 'routes/auth-reset-password.tsx', { id: 'auth.reset-password' }),
    route('konto', 'routes/account.tsx', { id: 'account' }),
    route('konto/export', 'routes/account-export.tsx', { id: 'account.export' }),
    route('konto/bestaetigen/:token', 'routes/account-verify.tsx', { id: 'account.verify' }),
    route('konto/reservierungen/:reference', 'routes/user-reservation.tsx', { id: 'user.reservation' }),
    route('konto/reservierungen/:reference/dokument', 'routes/user-reservation-document.tsx', {
      id: 'user.reservation.document',
    }),
    route('konto/reservierungen/:reference/pdf', 'routes/reservation-document-page.tsx', {
      id: 'user.reservation.pdf',
    }),
    route('konto/reservierungen/:reference/rechnung', 'routes/reservation-document-page.tsx', {
      id: 'user.reservation.invoice',
    }),
    route('konto/reservierungen/:reference/dokument/:document', 'routes/reservation-frame.tsx', {
      id: 'user.reservation.frame',
    }),
    route('konto/reservierungen/:reference/download/:file', 'routes/reservation-download.tsx', {
      id: 'user.reservation.download',
    }),
    route('konto/reservierungen/:reference/bezahlen', 'routes/payment-start.tsx', { id: 'user.reservation.pay' }),
    route('konto/reservierungen/:reference/wallet.pkpass', 'routes/reservation-wallet.tsx', {
      id: 'user.reservation.wallet',
    }),
    route('faq', 'routes/faq.tsx', { id: 'faq' }),
    route('kontakt', 'routes/contact.tsx', { id: 'contact.index' }),
    route('impressum', 'routes/legal.tsx', { id: 'legal.imprint' }),
    route('datenschutz', 'routes/legal.tsx', { id: 'legal.privacy' }),
    route('agb', 'routes/legal.tsx', { id: 'legal.terms' }),
    route('newsletter', 'routes/newsletter.tsx', { id: 'newsletter' }),
    // One module for the mail links (it tells them apart by the path).
    route('newsletter/:token', 'routes/subscription-link.tsx', { id: 'newsletter.confirm' }),
    route('newsletter/abmelden/:token', 'routes/subscription-link.tsx', { id: 'newsletter.unsubscribe' }),
    route('benachrichtigung/abmelden/:token', 'routes/subscription-link.tsx', { id: 'airport-alert.unsubscribe' }),
    // The price watch (issue 37 item 2): the no-JavaScript form's action, its confirmation and unsubscribe links in
    // one route (every route costs every page's first load a manifest entry; the guest reservation page has no room).
    route('preisbeobachtung/abmelden?/:token?', 'routes/price-watch.tsx', { id: 'price-watch' }),
    // The back office (issue 15, DESIGN §3): its layout requires a staff session; sign-in and setup stand outside it.
    route('admin/abmelden', 'routes/admin/sign-out.tsx', { id: 'admin.signout' }),
    route('admin/anmelden', 'routes/admin/sign-in.tsx', { id: 'admin.signin' }),
    route('admin/anmelden/code', 'routes/admin/second-factor.tsx', { id: 'admin.second-factor' }),
    route('admin/anmelden/einrichten', 'routes/admin/enrol.tsx', { id: 'admin.enrol' }),
    route('admin/einrichten/:token', 'routes/admin/setup.tsx', { id: 'admin.setup' }),
    route('admin/einladung/:token', 'routes/admin/invite.tsx', { id: 'admin.invite' }),
    route('admin', 'routes/admin/layout.tsx', { id: 'admin' }, [
      index('routes/admin/dashboard.tsx', { id: 'admin.dashboard' }),
      route('reservierungen', 'routes/admin/reservations.tsx', { id: 'admin.reservations' }),
      route('reservierungen/export.csv', 'routes/admin/reservations-export.tsx', { id: 'admin.reservations.export' }),
      route('reservierungen/:reference', 'routes/admin/reservation.tsx', { id: 'admin.reservation' }),
      route('reservierungen/:reference/dokumente/:file', 'routes/admin/reservation-download.tsx', {
        id: 'admin.reservation.download',
      }),
      route('checkin', 'routes/admin/checkin.tsx', { id: 'admin.checkin' }),
      route('katalog', 'routes/admin/catalogue.tsx', { id: 'admin.catalogue' }),
      route('katalog/:airport', 'routes/admin/catalogue-airport.tsx', { id: 'admin.catalogue.airport' }),
      route('katalog/tarif/:tariffId', 'routes/admin/catalogue-tariff.tsx', { id: 'admin.catalogue.tariff' }),
      route('katalog/tarif/:tariffId/kapazitaet', 'routes/admin/catalogue-capacity.tsx', {
        id: 'admin.catalogue.capacity',
      }),
      route('mitarbeiter', 'routes/admin/staff.tsx', { id: 'admin.staff' }),
      route('protokoll', 'routes/admin/audit.tsx', { id: 'admin.audit' }),
      route('gutscheine', 'routes/admin/coupons.tsx', { id: 'admin.coupons' }),
      route('gutscheine/:id', 'routes/admin/coupon-uses.tsx', { id: 'admin.coupons.show' }),
      route('bewertungen', 'routes/admin/reviews.tsx', { id: 'admin.reviews' }),
      route('mails', 'routes/admin/mails.tsx', { id: 'admin.mails' }),
      route('zahlungsabgleich', 'routes/admin/payments.tsx', { id: 'admin.payments' }),
      // The accountant's month (issue 34 item 5): the page and its three downloads (datev.csv, buchungen.csv, belege.zip).
      route('buchhaltung', 'routes/admin/accounting.tsx', { id: 'admin.accounting' }),
      route('buchhaltung/:month/:file', 'routes/admin/accounting-download.tsx', { id: 'admin.accounting.download' }),
    ]),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
] satisfies RouteConfig;
