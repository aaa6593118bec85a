// The demo shop's one script of its own: the coupon field without a page load. The shop's server replaces the
// open session's cart (PATCH /v1/checkout-sessions/:id, with its merchant key), then the page tells
// <opi-checkout> the cart changed: what the shopper typed stays, and the element announces the new total.
// Without this script the form posts, and the page comes back with a new session.
const form = document.querySelector('form.coupon');

form?.addEventListener('submit', async (event) => {
  event.preventDefault();
  const status = form.querySelector('.coupon-status');
  let answer;
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams(new FormData(form)),
    });
    answer = { ok: response.ok, ...(await response.json()) };
  } catch {
    // The shop's server answered with a page, or not at all: the form's own post says what happened.
    form.submit();
    return;
  }
  if (answer.ok) {
    document.querySelector('.summary .totals').outerHTML = answer.totals;
    window.dispatchEvent(new CustomEvent('opi-cart-changed', { detail: { session: form.dataset.session } }));
  }
  status.textContent = answer.message;
});
