// The providers the sandbox offers: realistic markets, limits and plans. Names follow the upstream's
// <PROVIDER>_<COUNTRY> form. Limits are major-unit strings, as the upstream sends them.
import { decimalToMinor, currencyExponent } from '../../shared/money.js';
import type { RefundSettlement } from './types.js';

export type InstalmentInterval = 'week' | 'fortnight' | 'month';

export interface CatalogueEntry {
  name: string;
  currency: string;
  minAmount: string;
  maxAmount: string;
  /** 1 = top of the list. */
  priority: number;
  instalments: number;
  interval: InstalmentInterval;
  recommended: boolean;
  /** Dotted paths into the order request this provider needs beyond the always-required fields. */
  requiredFields: readonly string[];
  /** '' is the default channel (a request without `channel`). */
  channels: readonly string[];
  /** How a refund answers. Local choice: which providers answer PENDING (the docs name only Volt AUD). */
  refundSettlement: RefundSettlement;
  brand: { background: string; foreground: string };
}

const DEFAULT = '';

/** Atome in each of its markets: three monthly payments, the same brand; only the currency and the limits differ. */
const atome = (name: string, currency: string, minAmount: string, maxAmount: string, channels = [DEFAULT]) =>
  ({
    name,
    currency,
    minAmount,
    maxAmount,
    priority: 1,
    instalments: 3,
    interval: 'month',
    recommended: true,
    requiredFields: [],
    channels,
    refundSettlement: 'instant',
    brand: { background: '#F0FF5F', foreground: '#000000' },
  }) satisfies CatalogueEntry;

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    name: 'TABBY_AE',
    currency: 'AED',
    minAmount: '1',
    maxAmount: '10000',
    priority: 1,
    instalments: 4,
    interval: 'month',
    recommended: true,
    requiredFields: [],
    channels: [DEFAULT, 'app'],
    refundSettlement: 'instant',
    brand: { background: '#3BFFC1', foreground: '#292929' },
  },
  {
    name: 'TAMARA_AE',
    currency: 'AED',
    minAmount: '100',
    maxAmount: '20000',
    priority: 2,
    instalments: 3,
    interval: 'month',
    recommended: false,
    requiredFields: ['shippingAddress'],
    channels: [DEFAULT],
    refundSettlement: 'pending',
    brand: { background: '#F6D7C3', foreground: '#1A1A1A' },
  },
  {
    name: 'TAMARA_SA',
    currency: 'SAR',
    minAmount: '100',
    maxAmount: '20000',
    priority: 1,
    instalments: 3,
    interval: 'month',
    recommended: true,
    requiredFields: ['shippingAddress'],
    channels: [DEFAULT, 'app'],
    refundSettlement: 'pending',
    brand: { background: '#F6D7C3', foreground: '#1A1A1A' },
  },
  {
    name: 'TABBY_SA',
    currency: 'SAR',
    minAmount: '1',
    maxAmount: '10000',
    priority: 2,
    instalments: 4,
    interval: 'month',
    recommended: false,
    requiredFields: [],
    channels: [DEFAULT],
    refundSettlement: 'instant',
    brand: { background: '#3BFFC1', foreground: '#292929' },
  },
  {
    name: 'TABBY_KW',
    currency: 'KWD',
    minAmount: '5',
    maxAmount: '1500',
    priority: 1,
    instalments: 4,
    interval: 'month',
    recommended: true,
    requiredFields: [],
    channels: [DEFAULT],
    refundSettlement: 'instant',
    brand: { background: '#3BFFC1', foreground: '#292929' },
  },
  {
    name: 'AFTERPAY_AU',
    currency: 'AUD',
    minAmount: '1',
    maxAmount: '2000',
    priority: 1,
    instalments: 4,
    interval: 'fortnight',
    recommended: true,
    requiredFields: ['shippingAddress'],
    channels: [DEFAULT, 'instore'],
    refundSettlement: 'instant',
    brand: { background: '#B2FCE4', foreground: '#000000' },
  },
  {
    name: 'ZIP_AU',
    currency: 'AUD',
    minAmount: '50',
    maxAmount: '5000',
    priority: 2,
    instalments: 6,
    interval: 'month',
    recommended: false,
    requiredFields: [],
    channels: [DEFAULT],
    refundSettlement: 'instant',
    brand: { background: '#1A0826', foreground: '#AA8FFF' },
  },
  atome('ATOME_SG', 'SGD', '10', '3000', [DEFAULT, 'instore']),
  {
    name: 'HOOLAH_SG',
    currency: 'SGD',
    minAmount: '1',
    maxAmount: '10000',
    priority: 2,
    instalments: 3,
    interval: 'week',
    recommended: false,
    requiredFields: [],
    channels: [DEFAULT],
    refundSettlement: 'pending',
    brand: { background: '#1E1E1E', foreground: '#FFFFFF' },
  },
  atome('ATOME_TH', 'THB', '300', '50000'),
  atome('ATOME_VN', 'VND', '200000', '30000000'),
  atome('ATOME_ID', 'IDR', '100000', '30000000'),
  atome('ATOME_TW', 'TWD', '300', '100000'),
  {
    name: 'KLARNA_US',
    currency: 'USD',
    minAmount: '35',
    maxAmount: '1000',
    priority: 1,
    instalments: 4,
    interval: 'fortnight',
    recommended: true,
    requiredFields: ['shippingAddress'],
    channels: [DEFAULT],
    refundSettlement: 'pending',
    brand: { background: '#FFB3C7', foreground: '#0B051D' },
  },
  {
    name: 'AFFIRM_US',
    currency: 'USD',
    minAmount: '50',
    maxAmount: '17500',
    priority: 2,
    instalments: 12,
    interval: 'month',
    recommended: false,
    requiredFields: ['shippingAddress'],
    channels: [DEFAULT],
    refundSettlement: 'instant',
    brand: { background: '#4A4AF4', foreground: '#FFFFFF' },
  },
];

/** An entry's limits in minor units of its currency. */
function limitsMinor(entry: CatalogueEntry): { min: number; max: number } {
  const exponent = currencyExponent(entry.currency);
  return {
    min: decimalToMinor(Number(entry.minAmount), exponent) ?? 0,
    max: decimalToMinor(Number(entry.maxAmount), exponent) ?? 0,
  };
}

export interface OfferQuery {
  currency: string;
  amountMinor: number;
  /** Absent: the default channel. */
  channel?: string;
}

/** The providers routed for a currency, amount and channel, in display order (priority, then name). */
export function offeredProviders(query: OfferQuery): CatalogueEntry[] {
  const channel = query.channel ?? DEFAULT;
  return CATALOGUE.filter((entry) => {
    if (entry.currency !== query.currency || !entry.channels.includes(channel)) return false;
    const { min, max } = limitsMinor(entry);
    return query.amountMinor >= min && query.amountMinor <= max;
  }).sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name));
}
