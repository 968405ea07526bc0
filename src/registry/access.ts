// Where the gateway reaches a provider and with which credential: `<PROVIDER>_API_KEY` / `<PROVIDER>_BASE_URL`
// environment variables, else the `providers` section of REGISTRY_FILE, else the provider's public API (or, for
// regional clouds, the deployment's region). Never from the shipped catalog. Tests point a provider at 127.0.0.1
// by setting its base URL here.
import { ConfigError } from '../config.js';
import {
  MODEL_PROVIDER_NAMES, type ModelProviderName, type ProviderSettings, type UserEndpointConfig,
} from '../../schema/registry.js';
import { envPrefix, providerInfo } from './providers.js';

export interface ProviderAccess {
  readonly provider: ModelProviderName;
  /** True when the gateway can call the provider: a credential (unless it needs none) and a base URL. */
  readonly configured: boolean;
  readonly apiKey?: string;
  readonly baseUrl?: string;
  /** What is missing when not configured, e.g. `OPENAI_API_KEY`. */
  readonly missing?: string;
}

type Env = Record<string, string | undefined>;

function checkUrl(name: string, raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${raw}"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConfigError(name, `must use http: or https:, got "${u.protocol}"`);
  return raw.replace(/\/+$/, '');
}

/**
 * Provider credentials and base URLs, read once at start. The environment is read here rather than in config.ts
 * because the variable names derive from the provider list (21 x 2 of them).
 */
export class ProviderAccessTable {
  private readonly apiKeys = new Map<ModelProviderName, string>();
  private readonly baseUrls = new Map<ModelProviderName, string>();

  constructor(env: Env, fileSettings: Partial<Record<ModelProviderName, ProviderSettings>> = {}) {
    for (const id of MODEL_PROVIDER_NAMES) {
      const prefix = envPrefix(id);
      const key = env[`${prefix}_API_KEY`] || fileSettings[id]?.apiKey;
      if (key) this.apiKeys.set(id, key);
      const envUrl = env[`${prefix}_BASE_URL`];
      const url = envUrl ? checkUrl(`${prefix}_BASE_URL`, envUrl) : fileSettings[id]?.baseUrl?.replace(/\/+$/, '');
      if (url) this.baseUrls.set(id, url);
    }
  }

  /** Access to a provider, optionally for one deployment (its `baseUri`, region or location decide the host). */
  get(provider: ModelProviderName, deployment: UserEndpointConfig = {}): ProviderAccess {
    const info = providerInfo(provider);
    const prefix = envPrefix(provider);
    const apiKey = this.apiKeys.get(provider);
    const baseUrl =
      deployment.baseUri?.replace(/\/+$/, '') ?? this.baseUrls.get(provider) ?? info.regionalBaseUrl?.(deployment) ?? info.defaultBaseUrl;
    if (info.credential === 'none') return { provider, configured: true, ...(baseUrl && { baseUrl }) };
    const missing = !apiKey ? `${prefix}_API_KEY` : !baseUrl ? `${prefix}_BASE_URL` : undefined;
    return { provider, configured: !missing, ...(apiKey && { apiKey }), ...(baseUrl && { baseUrl }), ...(missing && { missing }) };
  }

  /** Providers with a credential configured (for logs and /readyz-style diagnostics; never the keys). */
  configuredProviders(): ModelProviderName[] {
    return MODEL_PROVIDER_NAMES.filter((p) => this.get(p).configured);
  }
}
