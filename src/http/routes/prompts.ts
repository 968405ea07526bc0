// Prompt routes (spec 4.6, 4.7, 4.10, plus version management). Bare responses, as the spec says for prompts.
// Two spellings of version management: REST paths under /v1/prompt-2025/id/{promptId}, and the Helicone-style
// POST bodies (/update, /update/production-version, /query/...) so existing clients work unchanged.
import type { PromptService } from '../../prompts/service.js';
import { defineRoute, type RouteDef } from '../route.js';
import {
  createPromptBodySchema,
  createPromptResponseSchema,
  newVersionBodySchema,
  productionVersionQuerySchema,
  promptBodySchema,
  promptSchema,
  promptsQuerySchema,
  promptVersionSchema,
  setProductionBodySchema,
  setTagsBodySchema,
  tagsResponseSchema,
  updateProductionBodySchema,
  updatePromptBodySchema,
  versionIdResponseSchema,
  versionQuerySchema,
  versionsQuerySchema,
  type CreatePromptBody,
  type NewVersionBody,
  type ProductionVersionQuery,
  type PromptsQuery,
  type SetProductionBody,
  type SetTagsBody,
  type UpdateProductionBody,
  type UpdatePromptBody,
  type VersionQuery,
  type VersionsQuery,
} from '../../../schema/prompts.js';

const tag = 'prompts';
const bare = { tag, envelope: false } as const;
const versionList = { type: 'array', items: promptVersionSchema } as const;

export function promptRoutes(prompts: PromptService): RouteDef[] {
  return [
    // Fixed paths first: Express matches in order, so `tags` or `query` is never taken for an id.
    defineRoute({
      ...bare, method: 'get', path: '/v1/prompt-2025/tags', operationId: 'GetPrompt2025Tags',
      summary: 'All unique tags of the organisation\'s prompts, sorted', response: tagsResponseSchema,
      handler: ({ auth }) => prompts.tags(auth.organizationId),
    }),
    defineRoute<CreatePromptBody>({
      ...bare, method: 'post', path: '/v1/prompt-2025', operationId: 'CreatePrompt2025',
      summary: 'Create a prompt with its first version (1.0), which becomes the production version',
      body: createPromptBodySchema, response: createPromptResponseSchema,
      handler: ({ auth, body }) => prompts.create(auth.organizationId, body),
    }),
    defineRoute<PromptsQuery>({
      ...bare, method: 'post', path: '/v1/prompt-2025/query', operationId: 'QueryPrompts2025',
      summary: 'List prompts (name search, all of tagsFilter, pages)', body: promptsQuerySchema,
      response: { type: 'array', items: promptSchema },
      handler: ({ auth, body }) => prompts.list(auth.organizationId, body),
    }),
    defineRoute<ProductionVersionQuery>({
      ...bare, method: 'post', path: '/v1/prompt-2025/query/production-version',
      operationId: 'GetPrompt2025ProductionVersion', summary: 'The production version of a prompt',
      body: productionVersionQuerySchema, response: promptVersionSchema,
      handler: ({ auth, body }) => prompts.productionVersion(auth.organizationId, body.promptId),
    }),
    defineRoute<VersionQuery>({
      ...bare, method: 'post', path: '/v1/prompt-2025/query/version', operationId: 'GetPrompt2025Version',
      summary: 'One prompt version by id', body: versionQuerySchema, response: promptVersionSchema,
      handler: ({ auth, body }) => prompts.version(auth.organizationId, body.promptVersionId),
    }),
    defineRoute<VersionsQuery>({
      ...bare, method: 'post', path: '/v1/prompt-2025/query/versions', operationId: 'GetPrompt2025Versions',
      summary: 'Versions of a prompt, newest first (optionally one major line)', body: versionsQuerySchema,
      response: versionList,
      handler: ({ auth, body }) => prompts.versions(auth.organizationId, body.promptId, body.majorVersion ?? 0, 'body.promptId'),
    }),
    defineRoute<UpdatePromptBody>({
      ...bare, method: 'post', path: '/v1/prompt-2025/update', operationId: 'UpdatePrompt2025',
      summary: 'New version based on promptVersionId (Helicone-style)', body: updatePromptBodySchema,
      response: versionIdResponseSchema,
      handler: async ({ auth, body }) => {
        const v = await prompts.newVersion(auth.organizationId, body.promptId, {
          ...body,
          baseVersionId: body.promptVersionId,
          baseVersionField: 'body.promptVersionId',
        });
        return { id: v.id };
      },
    }),
    defineRoute<UpdateProductionBody>({
      ...bare, method: 'post', path: '/v1/prompt-2025/update/production-version',
      operationId: 'SetPrompt2025ProductionVersion', summary: 'Make a version the production version (Helicone-style)',
      body: updateProductionBodySchema, response: promptVersionSchema,
      handler: ({ auth, body }) =>
        prompts.setProduction(auth.organizationId, body.promptId, body.promptVersionId, 'body.promptVersionId'),
    }),
    defineRoute({
      ...bare, method: 'get', path: '/v1/prompt-2025/id/:promptId', operationId: 'GetPrompt2025',
      summary: 'A prompt with its production version and version count', response: promptSchema,
      handler: ({ auth, params }) => prompts.get(auth.organizationId, params.promptId!),
    }),
    defineRoute({
      ...bare, method: 'delete', path: '/v1/prompt-2025/id/:promptId', operationId: 'DeletePrompt2025',
      summary: 'Delete a prompt (its versions are no longer readable)',
      response: { type: 'object', required: ['id', 'deleted'], properties: { id: { type: 'string' }, deleted: { const: true } } },
      handler: async ({ auth, params }) => {
        await prompts.delete(auth.organizationId, params.promptId!);
        return { id: params.promptId, deleted: true };
      },
    }),
    defineRoute<SetTagsBody>({
      ...bare, method: 'put', path: '/v1/prompt-2025/id/:promptId/tags', operationId: 'SetPrompt2025Tags',
      summary: 'Replace the tags of a prompt', body: setTagsBodySchema, response: promptSchema,
      handler: ({ auth, params, body }) => prompts.setTags(auth.organizationId, params.promptId!, body.tags),
    }),
    defineRoute({
      ...bare, method: 'get', path: '/v1/prompt-2025/id/:promptId/versions', operationId: 'ListPrompt2025Versions',
      summary: 'Versions of a prompt, newest first', response: versionList,
      handler: ({ auth, params }) => prompts.versions(auth.organizationId, params.promptId!),
    }),
    defineRoute<NewVersionBody>({
      ...bare, method: 'post', path: '/v1/prompt-2025/id/:promptId/versions', operationId: 'CreatePrompt2025Version',
      status: 201, summary: 'New minor version (of baseVersionId\'s major line) or new major version',
      body: newVersionBodySchema, response: promptVersionSchema,
      handler: ({ auth, params, body }) => prompts.newVersion(auth.organizationId, params.promptId!, body),
    }),
    defineRoute<SetProductionBody>({
      ...bare, method: 'post', path: '/v1/prompt-2025/id/:promptId/production',
      operationId: 'SetPrompt2025Production', summary: 'Make a version the production version',
      body: setProductionBodySchema, response: promptVersionSchema,
      handler: ({ auth, params, body }) => prompts.setProduction(auth.organizationId, params.promptId!, body.versionId),
    }),
    defineRoute({
      ...bare, method: 'get', path: '/v1/prompt-2025/:versionId/prompt-body', operationId: 'GetPrompt2025VersionBody',
      summary: 'The chat-completion body of a version', response: promptBodySchema,
      handler: ({ auth, params }) => prompts.versionBody(auth.organizationId, params.versionId!),
    }),
  ];
}
