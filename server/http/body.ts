// Reads a JSON body and checks its shape with a valibot schema: a body that is not JSON, too
// large or of the wrong shape is a 400 with a clear message, never an exception.
import type { Context } from 'hono';
import * as v from 'valibot';

export const JSON_LIMIT = 64 * 1024;

export class BadRequest extends Error {
  constructor(
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export async function readJson<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new BadRequest('Send the request as JSON.');
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new BadRequest('The request body is not valid JSON.');
  }
  const result = v.safeParse(schema, body);
  if (!result.success) {
    throw new BadRequest(
      'Some fields are missing or of the wrong kind.',
      issueFields(result.issues),
    );
  }
  return result.output;
}

/** One message per field path ("args.priceEth"), the first issue of each. */
export function issueFields(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '';
    if (key && !fields[key]) fields[key] = issue.message;
  }
  return fields;
}
