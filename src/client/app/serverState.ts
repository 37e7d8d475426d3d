// What a server-rendered page embeds for the client to hydrate from.
import type { MarkNode } from '../../contract/marks';

/** id of the <script type="application/json"> block that carries it */
export const SERVER_STATE_ID = 'server-state';

/**
 * The event the app fires on document as it starts hydrating a server-rendered page: until then boot.ts answers the
 * theme toggle itself (marked with THEME_TOGGLE_ATTRIBUTE), from then on React does, replaying an early click.
 */
export const APP_HYDRATING_EVENT = 'touchline:hydrating';
export const THEME_TOGGLE_ATTRIBUTE = 'data-theme-toggle';

export type ServerState = {
  /** the api slice as the server's store held it after filling the page's queries */
  api: unknown;
  /** set when the server answered this URL (pathname + search) with the not-found page although a route matches it */
  missing?: string;
  /** the parsed tree of each text with marks the page rendered, by text: the browser hydrates them without a parser */
  marks?: Record<string, MarkNode[]>;
};
