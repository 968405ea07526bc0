// Storage of webhooks and delivery attempts: one function per read or write, every query scoped by organisation.
import type { Db } from '../db/client.js';
import type { DeliveryStatus } from '../../schema/webhooks.js';

export interface WebhookRow {
  organization_id: string;
  id: string;
  destination: string;
  /** JSON text of the normalised config. */
  config: string;
  include_data: boolean;
  secret: string;
  /** `YYYY-MM-DD hh:mm:ss.sss` (UTC) as read; epoch milliseconds when written. */
  created_at: string | number;
  deleted: boolean;
  /** UInt64: a string when read, a number when written. */
  version: string | number;
}

export interface AttemptRow {
  organization_id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  request_id: string;
  attempt: number;
  status: DeliveryStatus;
  http_status: number;
  error: string;
  duration_ms: number;
  attempted_at: string | number;
}

export async function insertWebhook(db: Db, row: WebhookRow): Promise<void> {
  await db.insert('webhooks', [row]);
}

export async function listWebhooks(db: Db, q: { org: string }): Promise<WebhookRow[]> {
  return db.query<WebhookRow>(
    `SELECT * FROM webhooks FINAL
     WHERE organization_id = {org:String} AND NOT deleted
     ORDER BY created_at, id`,
    { org: q.org },
  );
}

export async function insertAttempts(db: Db, rows: readonly AttemptRow[]): Promise<void> {
  await db.insert('webhook_deliveries', rows);
}

/** Newest first. */
export async function listAttempts(db: Db, q: { org: string; webhookId: string; limit: number }): Promise<AttemptRow[]> {
  return db.query<AttemptRow>(
    `SELECT event_id, event_type, request_id, attempt, status, http_status, error, duration_ms, attempted_at
     FROM webhook_deliveries
     WHERE organization_id = {org:String} AND webhook_id = {id:String}
     ORDER BY attempted_at DESC, attempt DESC
     LIMIT {limit:UInt32}`,
    { org: q.org, id: q.webhookId, limit: q.limit },
  );
}
