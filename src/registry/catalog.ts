// Loading the registry's data: the shipped catalog (src/registry/catalog/*.json) and the optional REGISTRY_FILE,
// each validated against its schema, then merged (the file adds models or overrides them by id).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  catalogFileSchema, catalogModelSchema, registryFileSchema, type CatalogFile, type CatalogModel,
  type ModelProviderName, type ProviderSettings, type RegistryFile,
} from '../../schema/registry.js';
import { RegistryFileError, validateOrThrow } from './validate.js';

export const CATALOG_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'catalog');

export interface CatalogSource {
  file: string;
  name: string;
  url: string;
  license: string;
  retrievedAt: string;
}

export interface RegistryData {
  models: CatalogModel[];
  providers: Partial<Record<ModelProviderName, ProviderSettings>>;
  sources: CatalogSource[];
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new RegistryFileError(file, '$', `cannot read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new RegistryFileError(file, '$', `malformed JSON (${(err as Error).message})`);
  }
}

/** Rules a schema cannot state: unique ids, one endpoint per provider, endpoint author = model author. */
function checkModels(models: readonly CatalogModel[], file: string, at: (i: number) => string): void {
  const seen = new Set<string>();
  models.forEach((m, i) => {
    if (seen.has(m.id)) throw new RegistryFileError(file, `${at(i)}.id`, `duplicate model id "${m.id}"`);
    seen.add(m.id);
    const providers = new Set<string>();
    m.endpoints.forEach((e, j) => {
      if (providers.has(e.provider)) {
        throw new RegistryFileError(file, `${at(i)}.endpoints[${j}].provider`, `second endpoint for provider "${e.provider}" (use endpointConfigs for more deployments)`);
      }
      providers.add(e.provider);
      if (e.author !== m.author) {
        throw new RegistryFileError(file, `${at(i)}.endpoints[${j}].author`, `"${e.author}" differs from the model's author "${m.author}"`);
      }
    });
  });
}

export function loadCatalogDir(dir = CATALOG_DIR): RegistryData {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  const models: CatalogModel[] = [];
  const sources: CatalogSource[] = [];
  const where = new Map<string, string>();
  for (const name of files) {
    const file = path.join(dir, name);
    const data = validateOrThrow<CatalogFile>(catalogFileSchema, readJson(file), file);
    checkModels(data.models, file, (i) => `$.models[${i}]`);
    data.models.forEach((m, i) => {
      const other = where.get(m.id);
      if (other) throw new RegistryFileError(file, `$.models[${i}].id`, `model "${m.id}" is also defined in ${other}`);
      where.set(m.id, file);
    });
    models.push(...data.models);
    const { retrievedAt, name: sourceName, url, license } = data.source;
    sources.push({ file: name, name: sourceName, url, license, retrievedAt });
  }
  return { models, providers: {}, sources };
}

/**
 * Applies REGISTRY_FILE to the catalog. A model whose id is new must be complete; one that exists takes the fields
 * given, and each endpoint given replaces the catalog endpoint of the same provider (others are kept).
 */
export function applyRegistryFile(base: RegistryData, file: string): RegistryData {
  const data = validateOrThrow<RegistryFile>(registryFileSchema, readJson(file), file);
  const byId = new Map(base.models.map((m) => [m.id, m]));
  (data.models ?? []).forEach((entry, i) => {
    const at = `$.models[${i}]`;
    const existing = byId.get(entry.id);
    let merged: unknown;
    if (existing) {
      const endpoints = [...existing.endpoints];
      for (const e of entry.endpoints ?? []) {
        const k = endpoints.findIndex((x) => x.provider === e.provider);
        if (k >= 0) endpoints[k] = e;
        else endpoints.push(e);
      }
      merged = { ...existing, ...entry, endpoints };
    } else {
      merged = entry;
    }
    // Re-validate the merged model so a path inside the user's entry is reported, not a catalog path.
    const model = validateWithPrefix(catalogModelSchema, merged, file, at);
    checkModels([model], file, () => at);
    byId.set(model.id, model);
  });
  return {
    models: [...byId.values()],
    providers: { ...base.providers, ...(data.providers ?? {}) },
    sources: base.sources,
  };
}

function validateWithPrefix(schema: object, value: unknown, file: string, prefix: string): CatalogModel {
  try {
    return validateOrThrow<CatalogModel>(schema, value, file);
  } catch (err) {
    if (err instanceof RegistryFileError) throw new RegistryFileError(file, prefix + err.jsonPath.slice(1), err.detail);
    throw err;
  }
}
