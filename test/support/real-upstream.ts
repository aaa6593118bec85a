// A configuration for a real upstream, as a merchant going live writes it: every variable the BFF then needs, with
// made-up values (nothing here reaches a network: the tests that use it read the configuration or start the BFF).
export const REAL_UPSTREAM_ENV = {
  OPI_UPSTREAM_URL: 'https://api.example-upstream.com',
  OPI_TOKEN_URL: 'https://auth.example-upstream.com/token',
  OPI_CLIENT_ID: 'client',
  OPI_CLIENT_SECRET: 'client-secret-value',
  OPI_PAYMENT_SECRET: 'payment-secret-value',
  OPI_MERCHANT_KEYS: 'mk_live_aaaaaaaaaaaaaaaa',
  OPI_PUBLIC_URL: 'https://pay.shop.example',
  OPI_ALLOWED_ORIGINS: 'https://shop.example',
};
