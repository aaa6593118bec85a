import { createRoot } from 'react-dom/client';
import { Checkout } from './Checkout';

// Your server creates the checkout session (POST /v1/checkout-sessions) and gives the page its id; this example reads
// it, and the BFF's address, from the page's URL.
const page = new URLSearchParams(location.search);
createRoot(document.getElementById('root')!).render(
  <Checkout session={page.get('session') ?? ''} apiBase={page.get('bff') ?? ''} />,
);

// The element's code loads after the first render, in a chunk of its own.
void import('opi-checkout-elements/element');
