import { island } from '../widgets/island.tsx';

// The account page's sections, server-rendered and hydrated from one chunk of their own (issue 11 budget).
const sections = () => import('../account/account-sections.tsx');

export const ReservationsSection = island(() => sections().then((m) => ({ default: m.ReservationsSection })));
export const ProfileSection = island(() => sections().then((m) => ({ default: m.ProfileSection })));
export const PasswordSection = island(() => sections().then((m) => ({ default: m.PasswordSection })));
export const EmailSection = island(() => sections().then((m) => ({ default: m.EmailSection })));
export const DataSection = island(() => sections().then((m) => ({ default: m.DataSection })));
