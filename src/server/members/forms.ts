// HTML forms posted without JavaScript: the urlencoded body parser, the fields a form repeats or ticks read as the
// JSON API takes them, and whether the request is a browser's form post (answered by a redirect, not JSON).
import type { FastifyInstance, FastifyRequest } from 'fastify';

const FORM = 'application/x-www-form-urlencoded';

/** A form's fields: a field sent once is a string, a field sent several times (checkboxes) a list. */
export type FormFields = Record<string, string | string[]>;

/**
 * Registers the urlencoded parser on this plugin's routes (Fastify scopes parsers per plugin): a route in the plugin
 * that takes a form gets its fields, the others refuse one with the 400 their schemas give.
 */
export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
    const fields: FormFields = Object.create(null) as FormFields;
    for (const [key, value] of new URLSearchParams(body as string)) {
      const known = fields[key];
      if (known === undefined) fields[key] = value;
      else fields[key] = Array.isArray(known) ? [...known, value] : [known, value];
    }
    done(null, fields);
  });
}

/** Whether the body came as a form. */
export function isForm(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === FORM;
}

/**
 * A browser's form post: a form body, from a client that prefers HTML to JSON. Such a request is answered with a
 * redirect to a page; a script posting a form (or JSON) gets the JSON answer.
 */
export function isFormPost(request: FastifyRequest): boolean {
  if (!isForm(request)) return false;
  const accept = request.headers.accept ?? '*/*';
  return quality(accept, 'text/html') > quality(accept, 'application/json');
}

/** The weight an Accept header gives a media type: its most specific matching range's q (RFC 9110 §12.5.1). */
function quality(accept: string, type: string): number {
  const [major] = type.split('/');
  let best = { specificity: -1, q: 0 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    best = { specificity, q: Number.isFinite(weight) ? weight : 0 };
  }
  return best.q;
}

const TICKED = new Set(['on', 'true', '1', 'yes']);

/**
 * preValidation hook for a route that takes a form: the fields named in `lists` become lists (a checkbox ticked once
 * is one string), those in `flags` booleans (a ticked box sends "on"; the last of several wins, so a hidden "false"
 * before a checkbox reads as the box), and empty optional fields are dropped, as a JSON client leaves them out.
 */
export function formAsJson(options: { lists?: readonly string[]; flags?: readonly string[] }) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!isForm(request) || typeof request.body !== 'object' || request.body === null) return;
    const fields = request.body as FormFields;
    const json: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (options.lists?.includes(key)) json[key] = (Array.isArray(value) ? value : [value]).filter((v) => v !== '');
      else if (options.flags?.includes(key)) {
        const last = Array.isArray(value) ? value.at(-1)! : value;
        json[key] = TICKED.has(last.toLowerCase());
      } else if (Array.isArray(value)) json[key] = value;
      else if (value !== '' || key === 'website') json[key] = value;
    }
    request.body = json;
  };
}
