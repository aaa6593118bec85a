// Provider names come as <PROVIDER>_<COUNTRY> (TABBY_AE). Brands for people are derived here, with a table for
// the ones whose spelling a mechanical rule would get wrong.

const BRANDS: Record<string, string> = {
  AFTERPAY: 'Afterpay',
  CLEARPAY: 'Clearpay',
  LATITUDEPAY: 'LatitudePay',
  PAYPAL: 'PayPal',
  GOCARDLESS: 'GoCardless',
  MYFATOORAH: 'MyFatoorah',
  PAYJUSTNOW: 'PayJustNow',
  SHOPBACK: 'ShopBack',
  QUADPAY: 'Quadpay',
  TENDOPAY: 'TendoPay',
  BILLEASE: 'BillEase',
};

/** "TABBY_AE" -> "Tabby", "AFTERPAY_AU" -> "Afterpay", "KLARNA" -> "Klarna". */
export function providerDisplayName(name: string): string {
  const [brand = name] = name.split('_');
  return BRANDS[brand] ?? brand.charAt(0) + brand.slice(1).toLowerCase();
}
