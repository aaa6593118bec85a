// The demo shop's coupons: a code takes a share off the items (never off delivery). Kept in a cookie like the cart,
// so the discount is the server's to compute: a shopper can choose a code, never its value.
export interface Coupon {
  code: string;
  percentOff: number;
}

/** The code the checkout page suggests. */
export const DEMO_COUPON = 'WELCOME10';

const COUPONS: readonly Coupon[] = [{ code: DEMO_COUPON, percentOff: 10 }];

/** The coupon for a code as a shopper types it (any case, spaces around), or undefined. */
export const findCoupon = (code: unknown): Coupon | undefined =>
  typeof code === 'string' ? COUPONS.find((coupon) => coupon.code === code.trim().toUpperCase()) : undefined;

/** The discount on items worth `itemsMinor`, in minor units, rounded down: never more than the percentage. */
export const discountOf = (coupon: Coupon | undefined, itemsMinor: number): number =>
  coupon ? Math.floor((itemsMinor * coupon.percentOff) / 100) : 0;
