// The shape of the words on the plain pages a shopper may meet on the way back from the provider
// (../return-page.ts): one title and one sentence per page, no placeholders.

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
}
