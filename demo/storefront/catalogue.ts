// The demo shop's products and markets. Prices are set per currency in integer minor units, as a merchant sets
// them (not converted), so every market shows round, local prices.

export type Language = 'en' | 'ar';

export interface Market {
  id: string;
  country: string;
  currency: string;
  /** Upstream locale (xx_YY) per page language. */
  locales: Record<Language, string>;
  /** Flat shipping in minor units. */
  shipping: number;
}

export const MARKETS: readonly Market[] = [
  { id: 'ae', country: 'AE', currency: 'AED', locales: { en: 'en_AE', ar: 'ar_AE' }, shipping: 1500 },
  { id: 'sa', country: 'SA', currency: 'SAR', locales: { en: 'en_SA', ar: 'ar_SA' }, shipping: 1500 },
  { id: 'kw', country: 'KW', currency: 'KWD', locales: { en: 'en_KW', ar: 'ar_KW' }, shipping: 1500 },
  { id: 'au', country: 'AU', currency: 'AUD', locales: { en: 'en_AU', ar: 'ar_AU' }, shipping: 995 },
  { id: 'sg', country: 'SG', currency: 'SGD', locales: { en: 'en_SG', ar: 'ar_SG' }, shipping: 800 },
];

export const DEFAULT_MARKET = MARKETS[0]!;

export function findMarket(id: string | undefined): Market | undefined {
  return MARKETS.find((market) => market.id === id);
}

export interface Product {
  id: string;
  sku: string;
  names: Record<Language, string>;
  descriptions: Record<Language, string>;
  image: string;
  /** Price in minor units of each market's currency. */
  prices: Record<string, number>;
}

export const PRODUCTS: readonly Product[] = [
  {
    id: 'lantern',
    sku: 'OPI-LAN-01',
    names: { en: 'Brass lantern', ar: 'فانوس نحاسي' },
    descriptions: { en: 'Hand-punched brass, casts a starry pattern.', ar: 'نحاس مثقّب يدويًا يرسم نجومًا على الجدران.' },
    image: 'lantern.svg',
    prices: { AED: 18900, SAR: 19500, KWD: 15750, AUD: 7900, SGD: 6900 },
  },
  {
    id: 'tote',
    sku: 'OPI-TOT-02',
    names: { en: 'Palm-leaf tote', ar: 'حقيبة من سعف النخيل' },
    descriptions: { en: 'Woven palm leaf with leather handles.', ar: 'سعف نخيل منسوج بمقابض جلدية.' },
    image: 'tote.svg',
    prices: { AED: 14900, SAR: 15200, KWD: 12500, AUD: 5900, SGD: 5200 },
  },
  {
    id: 'mug',
    sku: 'OPI-MUG-03',
    names: { en: 'Falcon mug', ar: 'كوب الصقر' },
    descriptions: { en: 'Stoneware, 350 ml, dishwasher safe.', ar: 'فخار، ٣٥٠ مل، آمن في غسالة الصحون.' },
    image: 'mug.svg',
    prices: { AED: 6500, SAR: 6700, KWD: 5450, AUD: 2600, SGD: 2300 },
  },
  {
    id: 'oud',
    sku: 'OPI-OUD-04',
    names: { en: 'Oud travel set', ar: 'طقم عود للسفر' },
    descriptions: {
      en: 'Burner, charcoal and three woods in a case.',
      ar: 'مبخرة وفحم وثلاثة أنواع من العود في علبة.',
    },
    image: 'oud.svg',
    prices: { AED: 42000, SAR: 43000, KWD: 35250, AUD: 16900, SGD: 14900 },
  },
];

export function findProduct(id: string): Product | undefined {
  return PRODUCTS.find((product) => product.id === id);
}
