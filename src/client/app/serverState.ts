// What a server-rendered page embeds for the client to hydrate from.

/** id of the <script type="application/json"> block that carries it */
export const SERVER_STATE_ID = 'server-state';

export type ServerState = {
  /** the api slice as the server's store held it after filling the page's queries */
  api: unknown;
  /** set when the server answered this URL (pathname + search) with the not-found page although a route matches it */
  missing?: string;
};
