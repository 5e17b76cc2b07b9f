import type { FastifyInstance } from 'fastify';

export const NULL_CHARACTER_MESSAGE = 'Text must not contain null characters';

/** Whether any string (key or value) in a parsed JSON value holds U+0000; iterative, so deep nesting cannot overflow the stack. */
export function containsNullCharacter(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(element);
      }
    }
  }
  return false;
}

/**
 * Refuses text containing U+0000 in path parameters, query strings and JSON bodies with a 400.
 * PostgreSQL cannot store or compare it in text columns (it answered 500), and no field of ours has
 * a use for it; refusing it everywhere keeps SQLite and PostgreSQL behaving the same.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    if (containsNullCharacter(request.params) || containsNullCharacter(request.query) || containsNullCharacter(request.body)) {
      return reply.status(400).send({ error: NULL_CHARACTER_MESSAGE });
    }
  });
}
