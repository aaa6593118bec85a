import type { AttemptStrings } from './strings.js';

const words: AttemptStrings = {
  lang: 'sv',
  outcomes: {
    declined: '{provider} godkände inte den här betalningen. Inga pengar drogs.',
    cancelled: 'Du lämnade {provider} innan du betalade. Inga pengar drogs.',
    failed: '{provider} kunde inte ta emot den här betalningen. Inga pengar drogs.',
    expired: 'Tiden för att betala med {provider} tog slut. Inga pengar drogs.',
    pending:
      '{provider} bekräftar fortfarande din betalning. Inga pengar har dragits än; sidan uppdateras när det är klart.',
  },
  reasons: {
    credit_check: 'Den gick inte igenom deras kreditprövning.',
    verification: 'De kunde inte verifiera din identitet.',
    provider_error: 'De hade ett tekniskt problem.',
  },
  next: 'Dina uppgifter är ifyllda: betala med {provider} nedan.',
  again: 'Dina uppgifter är ifyllda: betala nedan när du är redo.',
};

export default words;
