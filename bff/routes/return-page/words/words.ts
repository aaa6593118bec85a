// The shape of the words on the plain pages a shopper may meet on the way back from the provider
// (../return-page.ts): one title and one sentence per page, no placeholders; and those of the checkout page the BFF
// hosts (../../pay-page.ts).

export interface ReturnPageText {
  title: string;
  message: string;
}

export interface ReturnPageWords {
  /** 404: the reference matches no order of this shop. */
  notFound: ReturnPageText;
  /** 400: the return address cannot be read (cut or changed). */
  damaged: ReturnPageText;
  /** 429: too many returns from this client. */
  tooMany: ReturnPageText;
  /** 503: our ledger or the upstream could not be reached. */
  unavailable: ReturnPageText;
  /** 410: the checkout page of a session past its expiry. */
  expired: ReturnPageText;
  /** 409: the checkout page of a session that already has its payment. */
  completed: ReturnPageText;
  /** The checkout page the BFF hosts for a session (pay by link): its title and the order summary's words. */
  payPage: PayPageWords;
}

export interface PayPageWords {
  /** {merchant}: the page's title and heading. */
  title: string;
  /** The order summary's heading; then its lines' labels, each beside an amount. */
  summary: string;
  shipping: string;
  tax: string;
  discount: string;
  total: string;
  /** The link from a page that cannot be paid (expired, complete) to the shop. */
  backToShop: string;
}
