// zod on the server: readable English messages, and zod issues turned into the API's {path, message} details.
import * as z from 'zod/mini';
import { en } from 'zod/locales';
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';

z.config(en());

export type ErrorDetail = { path: string; message: string };

type Issue = { path: PropertyKey[]; message: string };

export function formatIssues(issues: readonly Issue[]): ErrorDetail[] {
  return issues.map((issue) => ({
    path: issue.path
      .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
      .join('')
      .replace(/^\./, ''),
    message: issue.message,
  }));
}

/** A request part (body, query, params) that failed its schema. Fastify answers it through the error handler. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly details: ErrorDetail[],
  ) {
    super(message);
  }
}

const partNames: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'URL',
  headers: 'headers',
};

/** Lets routes declare zod (mini) schemas as their body/querystring/params schemas; parsed values replace the raw ones. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodMiniType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    const result = z.safeParse(schema, data ?? undefined);
    if (result.success) return { value: result.data };
    const details = formatIssues(result.error.issues);
    // A path parameter is named ('Invalid id in the URL'): the post page shows this text to visitors, so it says which.
    const named = httpPart === 'params' && details.length > 0 ? `${details.map((d) => d.path).join(', ')} in the ` : '';
    const part = partNames[httpPart ?? 'body'] ?? 'request';
    return { error: new RequestValidationError(`Invalid ${named}${part}`, details) };
  };

/** Types request.body/query/params from the zod schema a route declares. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodMiniType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodMiniType ? z.input<this['schema']> : unknown;
}
