// API keys: random, shown once, stored as a SHA-256 hash, each tied to one organisation.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { NotFoundError, ValidationError } from '../errors.js';

export interface ApiKeyInfo {
  id: string;
  organization_id: string;
  key_prefix: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
}

export interface Verified {
  organizationId: string;
  keyId: string;
}

const KEY_PREFIX = 'sy_';

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function validateOrgName(org: unknown): string {
  if (typeof org !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(org)) {
    throw new ValidationError(
      'org: must be 1-128 characters of letters, digits, ".", "_" or "-", starting with a letter or digit',
      'org',
    );
  }
  return org;
}


export class KeyStore {
  // Accepted and rejected keys are cached apart, so a flood of random keys cannot evict valid ones.
  private readonly accepted = new Map<string, { at: number; value: Verified }>();
  private readonly rejected = new Map<string, number>();

  constructor(
    private readonly db: Db,
    /** How long a verification result is reused; bounds how late a revocation takes effect. */
    private readonly cacheMs: number,
    /** Most cached verdicts kept per kind; the oldest is dropped first. */
    private readonly cacheMax = 10_000,
  ) {}

  async create(input: { org: string; name?: string }): Promise<{ id: string; key: string; organization_id: string }> {
    const org = validateOrgName(input.org);
    const key = KEY_PREFIX + randomBytes(24).toString('base64url');
    const id = 'key_' + randomBytes(8).toString('hex');
    const now = Date.now();
    await this.db.insert('api_keys', [
      {
        id,
        organization_id: org,
        key_hash: hashKey(key),
        key_prefix: key.slice(0, 8),
        name: input.name ?? '',
        created_at: now,
        revoked_at: null,
        version: now,
      },
    ]);
    return { id, key, organization_id: org };
  }

  async list(org?: string): Promise<ApiKeyInfo[]> {
    return this.db.query<ApiKeyInfo>(
      `SELECT id, organization_id, key_prefix, name, created_at, revoked_at
       FROM api_keys FINAL
       WHERE {org:String} = '' OR organization_id = {org:String}
       ORDER BY created_at, id`,
      { org: org ?? '' },
    );
  }

  async revoke(id: string): Promise<void> {
    const rows = await this.db.query<ApiKeyInfo & { key_hash: string; version: string }>(
      'SELECT * FROM api_keys FINAL WHERE id = {id:String}',
      { id },
    );
    const row = rows[0];
    if (!row) throw new NotFoundError(`no API key with id ${id}`, 'id');
    const now = Date.now();
    await this.db.insert('api_keys', [
      { ...row, revoked_at: row.revoked_at ?? now, version: Math.max(now, Number(row.version) + 1) },
    ]);
    this.accepted.clear();
  }

  /** Returns who the key belongs to, or null for an unknown or revoked key. */
  async verify(key: string): Promise<Verified | null> {
    const hash = hashKey(key);
    const now = Date.now();
    const hit = this.accepted.get(hash);
    if (hit && now - hit.at < this.cacheMs) return hit.value;
    const miss = this.rejected.get(hash);
    if (miss !== undefined && now - miss < this.cacheMs) return null;
    const rows = await this.db.query<{ id: string; organization_id: string; revoked_at: string | null }>(
      'SELECT id, organization_id, revoked_at FROM api_keys FINAL WHERE key_hash = {h:String}',
      { h: hash },
    );
    const row = rows[0];
    const value = row && row.revoked_at === null ? { organizationId: row.organization_id, keyId: row.id } : null;
    if (value) {
      this.rejected.delete(hash);
      remember(this.accepted, hash, { at: Date.now(), value }, this.cacheMax);
    } else {
      this.accepted.delete(hash);
      remember(this.rejected, hash, Date.now(), this.cacheMax);
    }
    return value;
  }
}

/** Map keeps insertion order: re-inserting moves a key to the end, so the first key is the oldest. */
function remember<V>(cache: Map<string, V>, key: string, value: V, max: number): void {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > max) cache.delete(cache.keys().next().value!);
}
