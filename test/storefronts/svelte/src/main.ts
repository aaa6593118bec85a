import { mount } from 'svelte';
import Checkout from './Checkout.svelte';

// Your server creates the checkout session (POST /v1/checkout-sessions) and gives the page its id; this example reads
// it, and the BFF's address, from the page's URL.
const page = new URLSearchParams(location.search);
mount(Checkout, {
  target: document.getElementById('app')!,
  props: { session: page.get('session') ?? '', apiBase: page.get('bff') ?? '' },
});

// The element's code loads after the first render, in a chunk of its own.
void import('opi-checkout-elements/element');
