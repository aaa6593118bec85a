// What every shop page knows about its visitor, read from three small cookies: the cart, the market and the
// language. Nothing else is stored about the shopper.
import type { Request, Response } from 'express';
import { type Coupon, findCoupon } from './coupons.js';
import { DEFAULT_MARKET, findMarket, type Language, type Market } from './catalogue.js';
import { parseCart, serialiseCart, type CartLine } from './cart.js';
import { intlLocale } from './format.js';
import { STRINGS, type ShopStrings } from './strings.js';

export const COOKIES = {
  cart: 'opi_cart',
  market: 'opi_market',
  language: 'opi_lang',
  coupon: 'opi_coupon',
  checkoutSession: 'opi_checkout_session',
} as const;
const YEAR_MS = 365 * 24 * 3600 * 1000;

export interface ShopContext {
  language: Language;
  market: Market;
  strings: ShopStrings;
  /** BCP 47 locale for Intl (ar-SA). */
  locale: string;
  cart: CartLine[];
  /** The coupon the shopper applied at checkout, if it is one the shop has. */
  coupon?: Coupon;
}

export function readCookie(req: Request, name: string): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const index = pair.indexOf('=');
    if (index > 0 && pair.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ar';
}

export function shopContext(req: Request): ShopContext {
  const storedLanguage = readCookie(req, COOKIES.language);
  const language: Language = isLanguage(storedLanguage) ? storedLanguage : 'en';
  const market = findMarket(readCookie(req, COOKIES.market)) ?? DEFAULT_MARKET;
  return {
    language,
    market,
    strings: STRINGS[language],
    locale: intlLocale(language, market),
    cart: parseCart(readCookie(req, COOKIES.cart)),
    coupon: findCoupon(readCookie(req, COOKIES.coupon)),
  };
}

export function setShopCookie(req: Request, res: Response, name: string, value: string): void {
  res.cookie(name, value, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', maxAge: YEAR_MS });
}

/** An empty cart also drops its coupon: the next order starts without one. */
export function saveCart(req: Request, res: Response, cart: readonly CartLine[]): void {
  if (cart.length > 0) {
    setShopCookie(req, res, COOKIES.cart, serialiseCart(cart));
    return;
  }
  res.clearCookie(COOKIES.cart, { path: '/' });
  res.clearCookie(COOKIES.coupon, { path: '/' });
}
