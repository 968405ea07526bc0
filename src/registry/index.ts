// The model registry's public surface: catalog, pricing, routing. Other features import from here.
export { costUsd, priceUsage, selectTier, type CostLine, type CostResult, type PriceResult, type Usage } from './cost.js';
export { loadRegistry, Registry, shippedRegistry, type PricingMatch, type ResolvedEndpoint } from './registry.js';
export { normalizeProvider, providerInfo, providers, type ProviderInfo } from './providers.js';
export { RegistryFileError } from './validate.js';
