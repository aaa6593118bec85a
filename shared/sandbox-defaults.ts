// The local sandbox's documented demo credentials. The sandbox uses them when its SANDBOX_* variables are unset,
// and the BFF uses them only when it points at the local sandbox, so `npm start` needs no configuration.
// They are public on purpose: they unlock nothing but the local simulator.
export const SANDBOX_DEFAULTS = {
  port: 4010,
  /** The token endpoint's own port: like the real service, the token lives on another origin than the API. */
  tokenPort: 4011,
  clientId: 'opi-sandbox-client',
  clientSecret: 'opi-sandbox-client-secret',
  paymentSecret: 'opi-sandbox-payment-secret',
  /** The development merchant key the BFF accepts when it runs against the local sandbox. */
  merchantKey: 'mk_dev_local_sandbox_only',
} as const;
