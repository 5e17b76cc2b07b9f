import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryTreeSchema } from '../../../contract/taxonomy.js';
import type { CategoriesRepository } from './categories.repository.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { sessionOptional } from '../../http/openapi.js';

export const categoriesRoutes: FastifyPluginAsyncZod<{ categories: CategoriesRepository }> = async (app, { categories }) => {
  app.get(
    '/categories',
    { config: { cache: { tags: [CACHE_TAGS.reference] } }, schema: { tags: ['articles'], operationId: 'listCategories', security: sessionOptional, summary: 'The category tree (three levels)', response: { 200: CategoryTreeSchema, 400: ErrorSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return categories.tree();
    },
  );
};
