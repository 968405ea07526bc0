// The model registry of spec 2.2 and the enumerations of 2.3 as JSON Schemas (`as const`), with the types derived
// from them. `additionalProperties: false` wherever the spec says "no extra keys". Where the spec leaves a shape
// open ("not shown"), the definition here is Switchyard's, documented in README "Model registry, pricing and routing".
import type { FromSchema } from 'json-schema-to-ts';

// ---------------------------------------------------------------------------------------------------------------
// Enumerations (spec 2.3)

export const COMPLIANCE_FILTERS = ['zdr', 'hipaa'] as const;
export const MODEL_OPERATIONS = [
  'chat_completions', 'responses', 'embeddings', 'image_generations', 'audio_transcriptions', 'audio_translations',
  'audio_speech', 'rerank', 'video_generations',
] as const;
export const MODEL_CAPABILITIES = ['audio', 'video', 'image', 'thinking', 'web_search', 'caching', 'reasoning'] as const;
export const INPUT_MODALITIES = ['text', 'image', 'audio', 'video', 'file'] as const;
export const OUTPUT_MODALITIES = [
  'text', 'image', 'audio', 'video', 'embeddings', 'rerank', 'speech', 'transcription',
] as const;
export const STANDARD_PARAMETERS = [
  'max_tokens', 'max_completion_tokens', 'temperature', 'top_p', 'top_k', 'stop', 'stream', 'frequency_penalty',
  'presence_penalty', 'repetition_penalty', 'seed', 'tools', 'tool_choice', 'functions', 'function_call', 'reasoning',
  'include_reasoning', 'thinking', 'response_format', 'json_mode', 'truncate', 'min_p', 'logit_bias', 'logprobs',
  'top_logprobs', 'structured_outputs', 'verbosity', 'n',
] as const;
export const MODEL_LIFECYCLES = ['active', 'legacy', 'deprecated', 'retired'] as const;
export const PLUGIN_IDS = ['web'] as const;
/** Wire format of an upstream's responses: the vendor whose response shape it speaks. */
export const RESPONSE_FORMATS = ['OPENAI', 'ANTHROPIC', 'GOOGLE'] as const;
/** How the gateway maps a request body for an endpoint: to the OpenAI chat shape, not at all, or to Responses. */
export const BODY_MAPPING_TYPES = ['OPENAI', 'NO_MAPPING', 'RESPONSES'] as const;
export const METER_UNITS = [
  'token', 'token_hour', 'image', 'megapixel', 'second', 'millisecond', 'minute', 'frame', 'page', 'character',
  'request', 'tool_call', 'search_unit', 'vector', 'byte', 'byte_hour',
] as const;
export const QUANTIZATIONS = ['fp4', 'fp8', 'fp16', 'bf16', 'int4'] as const;
/** Values of `reasoning.effortValues` in ChatParameterContractOverrides (spec: "not shown"; these are ours). */
export const CHAT_REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;

/**
 * The 21 upstream providers. `svc` is the service's own built-in endpoints (no upstream, no credential);
 * `core` is the gateway's own pass-through-billing route (its credentials, billed to the caller).
 */
export const MODEL_PROVIDER_NAMES = [
  'openai', 'anthropic', 'azure', 'bedrock', 'vertex', 'google', 'mistral', 'groq', 'deepseek', 'xai', 'cohere',
  'voyage', 'jina', 'fireworks', 'together', 'deepinfra', 'novita', 'openrouter', 'perplexity', 'svc', 'core',
] as const;
/** The 22 model authors. `passthrough`: a model the gateway forwards as named, without catalog knowledge of it. */
export const AUTHOR_NAMES = [
  'openai', 'anthropic', 'google', 'meta-llama', 'mistralai', 'deepseek', 'xai', 'qwen', 'cohere', 'voyage', 'jina',
  'amazon', 'moonshotai', 'baai', 'perplexity', 'microsoft', 'zai', 'nvidia', 'minimax', 'ibm', 'ai21', 'passthrough',
] as const;

export type ComplianceFilter = (typeof COMPLIANCE_FILTERS)[number];
export type ModelOperation = (typeof MODEL_OPERATIONS)[number];
export type ModelCapability = (typeof MODEL_CAPABILITIES)[number];
export type InputModality = (typeof INPUT_MODALITIES)[number];
export type OutputModality = (typeof OUTPUT_MODALITIES)[number];
export type StandardParameter = (typeof STANDARD_PARAMETERS)[number];
export type ModelLifecycle = (typeof MODEL_LIFECYCLES)[number];
export type MeterUnit = (typeof METER_UNITS)[number];
export type ModelProviderName = (typeof MODEL_PROVIDER_NAMES)[number];
export type AuthorName = (typeof AUTHOR_NAMES)[number];

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
/** Prices, token counts, limits: finite and never negative. */
const nonNeg = { type: 'number', minimum: 0 } as const;
const bool = { type: 'boolean' } as const;
const strArray = { type: 'array', items: str } as const;
const enumArray = <T extends readonly string[]>(values: T) => ({ type: 'array', items: { enum: values }, uniqueItems: true }) as const;

const operationsSchema = enumArray(MODEL_OPERATIONS);
const parametersSchema = enumArray(STANDARD_PARAMETERS);
const lifecycleSchema = { enum: MODEL_LIFECYCLES } as const;

// ---------------------------------------------------------------------------------------------------------------
// Pricing

export const modalityPricingSchema = {
  type: 'object', additionalProperties: false,
  properties: { input: nonNeg, cachedInputMultiplier: nonNeg, output: nonNeg },
} as const;

export const pricingMeterRateSchema = {
  type: 'object', additionalProperties: false, required: ['dimension', 'unit', 'rate'],
  properties: {
    dimension: { type: 'string', minLength: 1 },
    unit: { enum: METER_UNITS },
    rate: nonNeg,
    variants: { type: 'object', additionalProperties: str },
  },
} as const;

export const modelPricingSchema = {
  type: 'object', additionalProperties: false, required: ['threshold', 'input', 'output'],
  properties: {
    threshold: nonNeg,
    input: nonNeg,
    output: nonNeg,
    cacheMultipliers: {
      type: 'object', additionalProperties: false, required: ['write1h', 'write5m', 'cachedInput'],
      properties: { write1h: nonNeg, write5m: nonNeg, cachedInput: nonNeg },
    },
    cacheStoragePerHour: nonNeg,
    thinking: nonNeg,
    request: nonNeg,
    audioMinute: nonNeg,
    character: nonNeg,
    web_search: nonNeg,
    imageGeneration: { type: 'object', additionalProperties: nonNeg },
    meterRates: { type: 'array', items: pricingMeterRateSchema },
    image: modalityPricingSchema,
    audio: modalityPricingSchema,
    video: modalityPricingSchema,
    file: modalityPricingSchema,
  },
} as const;

const pricingListSchema = { type: 'array', items: modelPricingSchema, minItems: 1 } as const;

// ---------------------------------------------------------------------------------------------------------------
// Provider-model configuration

export const rateLimitsSchema = {
  type: 'object', additionalProperties: false, properties: { rpm: nonNeg, tpm: nonNeg, tpd: nonNeg },
} as const;

export const ptbComplianceFlagsSchema = {
  type: 'object', additionalProperties: false, required: ['zeroDataRetention', 'hipaaEligible'],
  properties: { zeroDataRetention: bool, hipaaEligible: bool },
} as const;

export const partialPtbComplianceSchema = {
  type: 'object', additionalProperties: false, properties: { zeroDataRetention: bool, hipaaEligible: bool },
} as const;

/** Switchyard's definition (spec: fields not shown): a range, a step, or a closed list of accepted values. */
export const numericParameterConstraintSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    min: num, max: num, step: { type: 'number', exclusiveMinimum: 0 }, integer: bool, default: num,
    values: { type: 'array', items: num, minItems: 1 },
  },
} as const;

const userEndpointConfigProperties = {
  region: str, location: str, projectId: str, baseUri: str, deploymentName: str, resourceName: str, apiVersion: str,
  crossRegion: bool,
  gatewayMapping: { enum: BODY_MAPPING_TYPES },
  modelName: str,
  svcModelId: str,
  /** Deprecated (spec 9): kept readable, prefer svcModelId. */
  coreModelId: str,
} as const;

export const userEndpointConfigSchema = {
  type: 'object', additionalProperties: false, properties: userEndpointConfigProperties,
} as const;

export const endpointConfigSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    ...userEndpointConfigProperties,
    providerModelId: str,
    pricing: pricingListSchema,
    contextLength: nonNeg,
    maxCompletionTokens: nonNeg,
    ptbEnabled: bool,
    supportedOperations: operationsSchema,
    version: str,
    rateLimits: rateLimitsSchema,
    priority: num,
    lifecycle: lifecycleSchema,
    ptbCompliance: partialPtbComplianceSchema,
  },
} as const;

const numericControl = {
  type: 'object', additionalProperties: false,
  properties: { kind: { const: 'number' }, initialValue: num, min: num, max: num, step: num, integer: bool },
} as const;
const orFalse = <const S extends object>(s: S) => ({ anyOf: [s, { const: false }] }) as const;

/** Per-endpoint chat parameter contract. Shapes the spec leaves open are Switchyard's (README). */
export const chatParameterOverridesSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    temperature: orFalse(numericControl),
    topP: orFalse(numericControl),
    frequencyPenalty: orFalse(numericControl),
    presencePenalty: orFalse(numericControl),
    maxOutputTokens: orFalse({
      type: 'object', additionalProperties: false, required: ['parameter'],
      properties: {
        kind: { const: 'number' }, parameter: { enum: ['max_tokens', 'max_completion_tokens'] },
        initialValue: num, min: num, max: num, step: num, integer: bool,
      },
    }),
    stopSequences: orFalse({
      type: 'object', additionalProperties: false,
      properties: { kind: { const: 'string_array' }, maxItems: nonNeg, maxLength: nonNeg },
    }),
    reasoning: orFalse({
      type: 'object', additionalProperties: false,
      properties: {
        effortValues: orFalse({ type: 'array', items: { enum: CHAT_REASONING_EFFORTS }, uniqueItems: true }),
        includeReasoning: bool,
        output: bool,
      },
    }),
    imageOutput: orFalse({
      type: 'object', additionalProperties: false,
      properties: { kind: { const: 'image' }, sizes: strArray, qualities: strArray, formats: strArray },
    }),
  },
} as const;

export const videoGenerationConstraintsSchema = {
  type: 'object', additionalProperties: false, required: ['requestParameters'],
  properties: {
    requestParameters: { type: 'array', items: str, minItems: 1, uniqueItems: true },
    resolutions: strArray,
    aspectRatios: strArray,
    sizes: strArray,
    duration: numericParameterConstraintSchema,
    frameImages: strArray,
    generateAudio: { type: 'array', items: bool },
    passthroughParameters: strArray,
  },
} as const;

export const modelProviderConfigSchema = {
  type: 'object', additionalProperties: false,
  required: [
    'pricing', 'contextLength', 'maxCompletionTokens', 'ptbEnabled', 'providerModelId', 'provider', 'author',
    'supportedParameters', 'endpointConfigs',
  ],
  properties: {
    pricing: pricingListSchema,
    contextLength: nonNeg,
    maxCompletionTokens: nonNeg,
    ptbEnabled: bool,
    supportedOperations: operationsSchema,
    version: str,
    unsupportedParameters: parametersSchema,
    lifecycle: lifecycleSchema,
    providerModelId: { type: 'string', minLength: 1 },
    provider: { enum: MODEL_PROVIDER_NAMES },
    author: { enum: AUTHOR_NAMES },
    supportedParameters: parametersSchema,
    supportedPlugins: enumArray(PLUGIN_IDS),
    rateLimits: rateLimitsSchema,
    endpointConfigs: { type: 'object', additionalProperties: endpointConfigSchema, minProperties: 1 },
    crossRegion: bool,
    priority: num,
    quantization: { enum: QUANTIZATIONS },
    responseFormat: { enum: RESPONSE_FORMATS },
    requireExplicitRouting: bool,
    providerModelIdAliases: strArray,
    chatParameterOverrides: chatParameterOverridesSchema,
    videoGenerationConstraints: videoGenerationConstraintsSchema,
    ptbCompliance: partialPtbComplianceSchema,
  },
} as const;

/** One resolved deployment: a ModelProviderConfig merged with one of its endpointConfigs. */
export const endpointSchema = {
  type: 'object', additionalProperties: false,
  required: [
    'pricing', 'contextLength', 'maxCompletionTokens', 'ptbEnabled', 'supportedOperations', 'modelConfig',
    'userConfig', 'provider', 'author', 'providerModelId', 'supportedParameters',
  ],
  properties: {
    pricing: pricingListSchema,
    contextLength: nonNeg,
    maxCompletionTokens: nonNeg,
    ptbEnabled: bool,
    supportedOperations: operationsSchema,
    version: str,
    unsupportedParameters: parametersSchema,
    lifecycle: lifecycleSchema,
    modelConfig: modelProviderConfigSchema,
    userConfig: userEndpointConfigSchema,
    provider: { enum: MODEL_PROVIDER_NAMES },
    author: { enum: AUTHOR_NAMES },
    providerModelId: str,
    supportedParameters: parametersSchema,
    priority: num,
    ptbCompliance: partialPtbComplianceSchema,
  },
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The registry view (GET /v1/public/model-registry/models)

/** Units: token prices in USD per 1M tokens; see README for every field. */
export const simplifiedPricingSchema = {
  type: 'object', additionalProperties: false, required: ['prompt', 'completion'],
  properties: {
    prompt: nonNeg, completion: nonNeg, audio: nonNeg, audioInput: nonNeg, audioOutput: nonNeg, audioMinute: nonNeg,
    character: nonNeg, thinking: nonNeg, web_search: nonNeg, image: nonNeg, imageInput: nonNeg, imageOutput: nonNeg,
    video: nonNeg, videoInput: nonNeg, videoOutput: nonNeg, cacheRead: nonNeg, cacheWrite: nonNeg, threshold: nonNeg,
  },
} as const;

export const modelEndpointSchema = {
  type: 'object', additionalProperties: false,
  required: ['provider', 'providerSlug', 'ptbCompliance', 'operations', 'pricing'],
  properties: {
    provider: str,
    providerSlug: str,
    endpoint: endpointSchema,
    supportsPtb: bool,
    ptbCompliance: ptbComplianceFlagsSchema,
    operations: operationsSchema,
    pricing: simplifiedPricingSchema,
    pricingTiers: { type: 'array', items: simplifiedPricingSchema, minItems: 2 },
  },
} as const;

export const modelRegistryItemSchema = {
  type: 'object', additionalProperties: false,
  required: [
    'id', 'name', 'author', 'contextLength', 'endpoints', 'inputModalities', 'outputModalities', 'operations',
    'supportedParameters',
  ],
  properties: {
    id: str,
    name: str,
    author: str,
    contextLength: nonNeg,
    endpoints: { type: 'array', items: modelEndpointSchema, minItems: 1 },
    maxOutput: nonNeg,
    trainingDate: str,
    description: str,
    inputModalities: enumArray(INPUT_MODALITIES),
    outputModalities: enumArray(OUTPUT_MODALITIES),
    operations: operationsSchema,
    supportedParameters: parametersSchema,
    pinnedVersionOfModel: str,
  },
} as const;

export const modelRegistryResponseSchema = {
  type: 'object', additionalProperties: false, required: ['models', 'total', 'filters'],
  properties: {
    models: { type: 'array', items: modelRegistryItemSchema },
    total: nonNeg,
    filters: {
      type: 'object', additionalProperties: false,
      required: ['compliance', 'operations', 'capabilities', 'authors', 'providers'],
      properties: {
        compliance: enumArray(COMPLIANCE_FILTERS),
        operations: operationsSchema,
        capabilities: enumArray(MODEL_CAPABILITIES),
        authors: strArray,
        providers: {
          type: 'array',
          items: {
            type: 'object', additionalProperties: false, required: ['name', 'displayName'],
            properties: { name: str, displayName: str },
          },
        },
      },
    },
  },
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Catalog files (shipped) and REGISTRY_FILE (user): Switchyard's own container format around the spec objects.

const modelFields = {
  id: { type: 'string', minLength: 1, pattern: '^[A-Za-z0-9][A-Za-z0-9._:/-]*$' },
  name: { type: 'string', minLength: 1 },
  author: { enum: AUTHOR_NAMES },
  description: str,
  contextLength: nonNeg,
  maxOutput: nonNeg,
  trainingDate: str,
  inputModalities: { ...enumArray(INPUT_MODALITIES), minItems: 1 },
  outputModalities: { ...enumArray(OUTPUT_MODALITIES), minItems: 1 },
  pinnedVersionOfModel: str,
} as const;

/** A model and the provider endpoints that serve it (one ModelProviderConfig per provider). */
export const catalogModelSchema = {
  type: 'object', additionalProperties: false,
  required: ['id', 'name', 'author', 'contextLength', 'inputModalities', 'outputModalities', 'endpoints'],
  properties: { ...modelFields, endpoints: { type: 'array', items: modelProviderConfigSchema, minItems: 1 } },
} as const;

export const catalogSourceSchema = {
  type: 'object', additionalProperties: false, required: ['name', 'url', 'license', 'retrievedAt'],
  properties: { name: str, url: str, license: str, retrievedAt: { type: 'string', format: 'date' }, notes: str },
} as const;

export const catalogFileSchema = {
  type: 'object', additionalProperties: false, required: ['source', 'models'],
  properties: {
    $comment: str,
    source: catalogSourceSchema,
    models: { type: 'array', items: catalogModelSchema },
  },
} as const;

/** Credentials and base URL of one provider in REGISTRY_FILE (environment variables win over these). */
export const providerSettingsSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    apiKey: { type: 'string', minLength: 1 },
    baseUrl: { type: 'string', format: 'uri', pattern: '^https?://' },
  },
} as const;

/**
 * REGISTRY_FILE: `models` add new models (all catalog fields required) or override catalog ones by id (only `id`
 * required; given fields replace the catalog's, and each endpoint replaces the catalog endpoint of its provider).
 */
export const registryFileSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    $comment: str,
    models: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['id'],
        properties: { ...modelFields, endpoints: { type: 'array', items: modelProviderConfigSchema } },
      },
    },
    providers: {
      type: 'object',
      propertyNames: { enum: MODEL_PROVIDER_NAMES },
      additionalProperties: providerSettingsSchema,
    },
  },
} as const;

export type ModalityPricing = FromSchema<typeof modalityPricingSchema>;
export type PricingMeterRate = FromSchema<typeof pricingMeterRateSchema>;
export type ModelPricing = FromSchema<typeof modelPricingSchema>;
export type RateLimits = FromSchema<typeof rateLimitsSchema>;
export type PtbComplianceFlags = FromSchema<typeof ptbComplianceFlagsSchema>;
export type PartialPtbCompliance = FromSchema<typeof partialPtbComplianceSchema>;
export type NumericParameterConstraint = FromSchema<typeof numericParameterConstraintSchema>;
export type UserEndpointConfig = FromSchema<typeof userEndpointConfigSchema>;
export type EndpointConfig = FromSchema<typeof endpointConfigSchema>;
export type ChatParameterContractOverrides = FromSchema<typeof chatParameterOverridesSchema>;
export type VideoGenerationConstraints = FromSchema<typeof videoGenerationConstraintsSchema>;
export type ModelProviderConfig = FromSchema<typeof modelProviderConfigSchema>;
export type Endpoint = FromSchema<typeof endpointSchema>;
export type SimplifiedPricing = FromSchema<typeof simplifiedPricingSchema>;
export type ModelEndpoint = FromSchema<typeof modelEndpointSchema>;
export type ModelRegistryItem = FromSchema<typeof modelRegistryItemSchema>;
export type ModelRegistryResponse = FromSchema<typeof modelRegistryResponseSchema>;
export type CatalogModel = FromSchema<typeof catalogModelSchema>;
export type CatalogFile = FromSchema<typeof catalogFileSchema>;
export type RegistryFile = FromSchema<typeof registryFileSchema>;
export type ProviderSettings = FromSchema<typeof providerSettingsSchema>;

/**
 * A caller's routing preferences (for features that pick a provider: rerank, videos). Provider names are registry
 * ids or upper-case codes (`OPENAI`, `AWS`).
 */
export const routingConfigSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    /** Only these providers may serve the request. */
    allowedProviders: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 32 },
    /** Tried first, in this order; the rest follow by price. */
    preferredProviders: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 32 },
    /** Compliance every chosen endpoint must offer. */
    compliance: enumArray(COMPLIANCE_FILTERS),
  },
} as const;
export type RoutingConfig = FromSchema<typeof routingConfigSchema>;
