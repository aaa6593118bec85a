import type {} from 'opi-checkout-elements/jsx'; // the tags in JSX, once per project
import { useState } from 'react';

// The page's own words, as JSON text: that survives an element defined after React's first render (an object would
// be written as the attribute "[object Object]"). With the element imported before the render, an object is fine.
const strings = JSON.stringify({ providersLegend: 'Pay in instalments with' });

export function Checkout({ session, apiBase }: { session: string; apiBase: string }) {
  const [provider, setProvider] = useState('');
  return (
    <>
      <opi-checkout
        session={session}
        api-base={apiBase}
        strings={strings}
        onopi-provider-change={(event) => setProvider(event.detail.provider)}
        onopi-error={(event) => console.warn('checkout:', event.detail.code)}
      />
      <p role="status">{provider ? `Chosen: ${provider}` : 'No provider chosen yet'}</p>
    </>
  );
}
