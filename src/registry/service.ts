// The registry as a running service (AppContext.registry): the catalog with REGISTRY_FILE applied, provider access,
// failure cooldowns, and the rendered public view. Built once at start; an invalid file stops the server.
import type { Config } from '../config.js';
import { ConfigError } from '../config.js';
import type { ModelOperation, RoutingConfig } from '../../schema/registry.js';
import { ProviderAccessTable } from './access.js';
import { costUsd, type CostResult, type Usage } from './cost.js';
import { ProviderHealth, type HealthOptions } from './health.js';
import { loadRegistry, type Registry } from './registry.js';
import { route, type RouteResult } from './route.js';
import { RegistryFileError } from './validate.js';
import { renderRegistryView, type RenderedView } from './view.js';

export class RegistryService {
  readonly access: ProviderAccessTable;
  readonly health: ProviderHealth;
  private rendered?: RenderedView;

  constructor(readonly registry: Registry, opts: { env?: Record<string, string | undefined>; health?: HealthOptions } = {}) {
    this.access = new ProviderAccessTable(opts.env ?? process.env, registry.providerSettings);
    this.health = new ProviderHealth(opts.health);
  }

  /** The deployments to try for (model, operation), best first. */
  route(model: string, operation: ModelOperation, config: RoutingConfig = {}): RouteResult {
    return route(this, model, operation, config);
  }

  /** Cost of a logged request under this deployment's registry (catalog plus REGISTRY_FILE). */
  cost(input: { provider?: string | null; model: string | null | undefined; usage: Usage }): CostResult {
    return costUsd(input, this.registry);
  }

  /** GET /v1/public/model-registry/models, rendered once: the registry does not change while the process runs. */
  view(): RenderedView {
    return (this.rendered ??= renderRegistryView(this.registry));
  }
}

/** Loads the catalog and REGISTRY_FILE; a bad file is a ConfigError naming the variable, the file and the JSON path. */
export function createRegistryService(config: Config, env: Record<string, string | undefined> = process.env): RegistryService {
  let registry: Registry;
  try {
    registry = loadRegistry(config.registryFile);
  } catch (err) {
    if (err instanceof RegistryFileError && err.file === config.registryFile) throw new ConfigError('REGISTRY_FILE', err.message);
    throw err;
  }
  return new RegistryService(registry, { env });
}
