import { VIEW_AS_TOKEN_PREFIX } from '@console/contract';
import { adoptViewAsToken } from './view-as-tab';

// Imported first by main.tsx: the stores read the token and the account's details as their modules
// load, so a view-as tab must have taken its token from the address before any of them does.
adoptViewAsToken(VIEW_AS_TOKEN_PREFIX);
