// The 21 upstream providers: display names, public API base URLs, what a logged request calls them, and the
// compliance each offers by default. Credentials are never here: see access.ts.
import {
  MODEL_PROVIDER_NAMES, type ModelProviderName, type PtbComplianceFlags, type UserEndpointConfig,
} from '../../schema/registry.js';

export interface ProviderInfo {
  readonly id: ModelProviderName;
  readonly displayName: string;
  /** Public API root. Absent: the deployment must configure `<ID>_BASE_URL` (per-customer resources, own routes). */
  readonly defaultBaseUrl?: string;
  /** `none`: the service's own built-in endpoints, always available without a credential. */
  readonly credential: 'api-key' | 'none';
  /**
   * Compliance of the provider's API by default (an endpoint may override it). Conservative: zero data retention
   * only where the provider's API terms say inputs are not stored by default; HIPAA only where a BAA is offered for
   * the API. Deployments with other contracts override it per endpoint in REGISTRY_FILE.
   */
  readonly compliance: PtbComplianceFlags;
  /** Base URL from a deployment's region or location, for clouds whose API host is regional. */
  readonly regionalBaseUrl?: (deployment: UserEndpointConfig) => string | undefined;
}

const no = { zeroDataRetention: false, hipaaEligible: false } as const;
const zdr = { zeroDataRetention: true, hipaaEligible: false } as const;
const both = { zeroDataRetention: true, hipaaEligible: true } as const;

const PROVIDERS: Record<ModelProviderName, Omit<ProviderInfo, 'id'>> = {
  openai: { displayName: 'OpenAI', defaultBaseUrl: 'https://api.openai.com', credential: 'api-key', compliance: no },
  anthropic: { displayName: 'Anthropic', defaultBaseUrl: 'https://api.anthropic.com', credential: 'api-key', compliance: no },
  azure: { displayName: 'Azure AI Foundry', credential: 'api-key', compliance: both },
  bedrock: {
    displayName: 'Amazon Bedrock', credential: 'api-key', compliance: both,
    regionalBaseUrl: (d) => (d.region ? `https://bedrock-runtime.${d.region}.amazonaws.com` : undefined),
  },
  vertex: {
    displayName: 'Google Vertex AI', credential: 'api-key', compliance: both,
    regionalBaseUrl: (d) =>
      !d.location ? undefined : d.location === 'global' ? 'https://aiplatform.googleapis.com' : `https://${d.location}-aiplatform.googleapis.com`,
  },
  google: { displayName: 'Google AI Studio', defaultBaseUrl: 'https://generativelanguage.googleapis.com', credential: 'api-key', compliance: no },
  mistral: { displayName: 'Mistral AI', defaultBaseUrl: 'https://api.mistral.ai', credential: 'api-key', compliance: no },
  groq: { displayName: 'Groq', defaultBaseUrl: 'https://api.groq.com/openai', credential: 'api-key', compliance: zdr },
  deepseek: { displayName: 'DeepSeek', defaultBaseUrl: 'https://api.deepseek.com', credential: 'api-key', compliance: no },
  xai: { displayName: 'xAI', defaultBaseUrl: 'https://api.x.ai', credential: 'api-key', compliance: no },
  cohere: { displayName: 'Cohere', defaultBaseUrl: 'https://api.cohere.com', credential: 'api-key', compliance: no },
  voyage: { displayName: 'Voyage AI', defaultBaseUrl: 'https://api.voyageai.com', credential: 'api-key', compliance: no },
  jina: { displayName: 'Jina AI', defaultBaseUrl: 'https://api.jina.ai', credential: 'api-key', compliance: no },
  fireworks: { displayName: 'Fireworks AI', defaultBaseUrl: 'https://api.fireworks.ai/inference', credential: 'api-key', compliance: zdr },
  together: { displayName: 'Together AI', defaultBaseUrl: 'https://api.together.xyz', credential: 'api-key', compliance: no },
  deepinfra: { displayName: 'DeepInfra', defaultBaseUrl: 'https://api.deepinfra.com/v1/openai', credential: 'api-key', compliance: zdr },
  novita: { displayName: 'Novita AI', defaultBaseUrl: 'https://api.novita.ai/v3/openai', credential: 'api-key', compliance: no },
  openrouter: { displayName: 'OpenRouter', defaultBaseUrl: 'https://openrouter.ai/api', credential: 'api-key', compliance: no },
  perplexity: { displayName: 'Perplexity', defaultBaseUrl: 'https://api.perplexity.ai', credential: 'api-key', compliance: no },
  svc: { displayName: 'Switchyard built-in', credential: 'none', compliance: both },
  core: { displayName: 'Gateway pass-through billing', credential: 'api-key', compliance: no },
};

export const providers: ReadonlyMap<ModelProviderName, ProviderInfo> = new Map(
  MODEL_PROVIDER_NAMES.map((id) => [id, Object.freeze({ id, ...PROVIDERS[id] })]),
);

export function providerInfo(id: ModelProviderName): ProviderInfo {
  return providers.get(id)!;
}

/**
 * Upper-case provider codes a gateway writes on logged requests (spec 2.4) that do not simply lower-case to a
 * registry id. Everything else is matched by lower-casing and turning `_` into `-`.
 */
const ALIASES: Record<string, ModelProviderName> = {
  aws: 'bedrock', 'aws-bedrock': 'bedrock', 'amazon-bedrock': 'bedrock',
  x: 'xai', 'x-ai': 'xai', grok: 'xai',
  gemini: 'google', 'google-ai-studio': 'google', 'vertex-ai': 'vertex', vertexai: 'vertex', 'google-vertex': 'vertex',
  'azure-openai': 'azure', 'azure-ai': 'azure',
  'together-ai': 'together', togetherai: 'together',
  'fireworks-ai': 'fireworks', fireworksai: 'fireworks',
  'jina-ai': 'jina', jinaai: 'jina', voyageai: 'voyage', 'voyage-ai': 'voyage',
  'mistral-ai': 'mistral', mistralai: 'mistral',
  'cohere-chat': 'cohere', 'novita-ai': 'novita', 'perplexity-ai': 'perplexity',
};

/** `OPENAI`, `openai`, `AWS`, `together_ai` -> the registry id; undefined when it names no known provider. */
export function normalizeProvider(code: string | undefined | null): ModelProviderName | undefined {
  if (!code) return undefined;
  const key = code.trim().toLowerCase().replace(/_/g, '-');
  if (providers.has(key as ModelProviderName)) return key as ModelProviderName;
  return ALIASES[key];
}

/** `deepinfra` -> `DEEPINFRA`; hyphens become underscores so the name is a valid environment variable. */
export function envPrefix(id: ModelProviderName): string {
  return id.toUpperCase().replace(/-/g, '_');
}
